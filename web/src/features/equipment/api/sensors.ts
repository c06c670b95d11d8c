import { EQUIPMENT_API, type EquipmentListQuery, type SensorBody, type SensorItem } from '@sentinel/contract';
import { crudApi } from './crud.ts';

export const sensorApi = crudApi<SensorItem, SensorBody, EquipmentListQuery>('sensor', {
  list: EQUIPMENT_API.sensorList,
  create: EQUIPMENT_API.sensor,
  one: EQUIPMENT_API.sensorOne,
});
