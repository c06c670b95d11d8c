import type { PageRegistry } from '@/shared/routing/page-registry.ts';

/** Pages of the equipment feature, by menu code (see contract/src/menu-tree.ts). */
export const pages: PageRegistry = {
  IotEquipment: () => import('./pages/iot-equipment-page.tsx'),
  sensorSettings: () => import('./pages/sensor-settings-page.tsx'),
  dcsSettings: () => import('./pages/dcs-settings-page.tsx'),
  deviceServerSettings: () => import('./pages/device-server-page.tsx'),
  systemServerSettings: () => import('./pages/mail-server-page.tsx'),
};
