/** The sharing area's public face: the share modal of a clip. */
export { ShareModal } from './ShareModal';
