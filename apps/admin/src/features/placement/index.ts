/** The placement area's public face: the player placement modal (featured clip, miniplayer). */

export { type Positions, savePlacement } from './data';
export { PlacementModal } from './PlacementModal';
