import {
  type DcsPointBody,
  type DcsPointItem,
  EQUIPMENT_API,
  type EquipmentListQuery,
} from '@sentinel/contract';
import { crudApi } from './crud.ts';

export const dcsApi = crudApi<DcsPointItem, DcsPointBody, EquipmentListQuery>('dcs', {
  list: EQUIPMENT_API.dcsList,
  create: EQUIPMENT_API.dcs,
  one: EQUIPMENT_API.dcsOne,
});
