import {
  type DcsPointBody,
  type DcsPointItem,
  EQUIPMENT_API,
  type EquipmentListQuery,
} from '@sentinel/contract';
import { crudApi } from '@/shared/crud/index.ts';

export const dcsApi = crudApi<DcsPointItem, DcsPointBody, EquipmentListQuery>(['equipment', 'dcs'], {
  list: EQUIPMENT_API.dcsList,
  create: EQUIPMENT_API.dcs,
  one: EQUIPMENT_API.dcsOne,
});
