import { EQUIPMENT_API, type ServerBody, type ServerItem, type ServerListQuery } from '@sentinel/contract';
import { crudApi } from '@/shared/crud/index.ts';

export const serverApi = crudApi<ServerItem, ServerBody, ServerListQuery>(['equipment', 'server'], {
  list: EQUIPMENT_API.serverList,
  create: EQUIPMENT_API.server,
  one: EQUIPMENT_API.serverOne,
});
