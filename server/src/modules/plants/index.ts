/** The plants domain's door: the organization's plants, its valve catalog and tag convention (issue 30). */
export { plantRoutes } from './routes';
export { addFirstPlant, checkPlantName, plantTimeZone, plantTimeZones, tagPattern } from './service';
export { type Place, placeInTree } from './tree';
export { checkValveType } from './valve-types';
