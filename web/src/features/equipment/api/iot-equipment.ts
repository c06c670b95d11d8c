import {
  EQUIPMENT_API,
  type EquipmentListQuery,
  type IotEquipmentBody,
  type IotEquipmentItem,
  type IotEquipmentOption,
} from '@sentinel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/request/request.ts';
import { crudApi } from './crud.ts';

export const iotApi = crudApi<IotEquipmentItem, IotEquipmentBody, EquipmentListQuery>('iot', {
  list: EQUIPMENT_API.iotList,
  create: EQUIPMENT_API.iot,
  one: EQUIPMENT_API.iotOne,
});

export const fetchAllIot = () => request<IotEquipmentOption[]>(EQUIPMENT_API.iotAll);

export const useAllIot = () =>
  useQuery(queryOptions({ queryKey: ['equipment', 'iot', 'all'], queryFn: fetchAllIot }));
