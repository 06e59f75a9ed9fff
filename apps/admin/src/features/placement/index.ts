/** The placement area's public face: the player placement modal (featured clip, miniplayer). */
export { PlacementModal } from './PlacementModal';
