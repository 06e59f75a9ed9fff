/** The help area's public face: the support button and widget the page frame shows. */
export { SupportButton } from './support/SupportButton';
export { useSupportWidget } from './support/use-support-widget';
