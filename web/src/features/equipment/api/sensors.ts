import { EQUIPMENT_API, type EquipmentListQuery, type SensorBody, type SensorItem } from '@sentinel/contract';
import { crudApi } from '@/shared/crud/index.ts';

export const sensorApi = crudApi<SensorItem, SensorBody, EquipmentListQuery>(['equipment', 'sensor'], {
  list: EQUIPMENT_API.sensorList,
  create: EQUIPMENT_API.sensor,
  one: EQUIPMENT_API.sensorOne,
});
