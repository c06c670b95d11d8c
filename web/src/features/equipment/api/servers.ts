import { EQUIPMENT_API, type ServerBody, type ServerItem, type ServerListQuery } from '@sentinel/contract';
import { crudApi } from './crud.ts';

export const serverApi = crudApi<ServerItem, ServerBody, ServerListQuery>('server', {
  list: EQUIPMENT_API.serverList,
  create: EQUIPMENT_API.server,
  one: EQUIPMENT_API.serverOne,
});
