import {
  EQUIPMENT_API,
  type EquipmentListQuery,
  type IotEquipmentBody,
  type IotEquipmentItem,
  type IotEquipmentOption,
} from '@sentinel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { crudApi } from '@/shared/crud/index.ts';
import { request } from '@/shared/request/request.ts';

export const iotApi = crudApi<IotEquipmentItem, IotEquipmentBody, EquipmentListQuery>(['equipment', 'iot'], {
  list: EQUIPMENT_API.iotList,
  create: EQUIPMENT_API.iot,
  one: EQUIPMENT_API.iotOne,
});

export const fetchAllIot = () => request<IotEquipmentOption[]>(EQUIPMENT_API.iotAll);

export const useAllIot = () =>
  useQuery(queryOptions({ queryKey: ['equipment', 'iot', 'all'], queryFn: fetchAllIot }));
