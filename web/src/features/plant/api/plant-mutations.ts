import {
  type CreatePlantNodeBody,
  PLANT_API,
  type PlantNode,
  type UpdatePlantNodeBody,
} from '@sentinel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '@/shared/request/request.ts';
import { PLANT_KEY } from './plant-tree.ts';

export const createPlantNode = (body: CreatePlantNodeBody) =>
  action<PlantNode>(PLANT_API.create, { method: 'POST', body });

export const updatePlantNode = (id: number, body: UpdatePlantNodeBody) =>
  action<PlantNode>(PLANT_API.node(id), { method: 'PUT', body });

export const movePlantNode = (id: number, parentId: number) =>
  action<PlantNode>(PLANT_API.move(id), { method: 'PUT', body: { parentId } });

export const deletePlantNode = (id: number) => action<null>(PLANT_API.node(id), { method: 'DELETE' });

function useInvalidatePlant() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: PLANT_KEY });
}

export function useCreatePlantNode() {
  const invalidate = useInvalidatePlant();
  return useMutation({ mutationFn: createPlantNode, onSuccess: invalidate });
}

export function useUpdatePlantNode() {
  const invalidate = useInvalidatePlant();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdatePlantNodeBody }) => updatePlantNode(id, body),
    onSuccess: invalidate,
  });
}

export function useMovePlantNode() {
  const invalidate = useInvalidatePlant();
  return useMutation({
    mutationFn: ({ id, parentId }: { id: number; parentId: number }) => movePlantNode(id, parentId),
    onSuccess: invalidate,
  });
}

export function useDeletePlantNode() {
  const invalidate = useInvalidatePlant();
  return useMutation({ mutationFn: deletePlantNode, onSuccess: invalidate });
}
