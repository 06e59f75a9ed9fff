/** The help area's public face: the support widget the page frame shows (through a shell slot). */
export { useSupportWidget } from './support/use-support-widget';
