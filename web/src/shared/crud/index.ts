/**
 * The catalogue kit: everything a list + add + edit + delete page is built from (README, "Design
 * notes: the kit"). A page gives columns, form fields and strings; the kit does the rest.
 */
export { AreaSelect } from './area-select.tsx';
export { type CrudPaths, crudApi } from './crud-api.ts';
export { CrudForm, type EditFormProps, type SavingApi } from './crud-form.tsx';
export { actionsColumn, CrudList } from './crud-list.tsx';
export { EnabledTag } from './enabled-tag.tsx';
export { FilterSelect } from './filter-select.tsx';
export { FormDrawer, FormModal } from './form-drawer.tsx';
export { ListToolbar } from './list-toolbar.tsx';
export { RowActions } from './row-actions.tsx';
export { type CrudPage, type ListApi, useCrudPage } from './use-crud-page.ts';
export { useEditForm } from './use-edit-form.ts';
export { useListPage } from './use-list-page.ts';
export { fetchPlantTree, PLANT_TREE_KEY, plantTreeQueryOptions, usePlantTree } from './use-plant-tree.ts';
export { aboveRule, zodRule } from './zod-rule.ts';
