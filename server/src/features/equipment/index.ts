/** The equipment feature's public face (ARCHITECTURE.md, import rules). */
export { equipmentRoutes } from './routes.ts';
export { seedEquipment } from './seed.ts';
