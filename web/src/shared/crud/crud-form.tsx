import { Form } from 'antd';
import type { ReactNode } from 'react';
import { FormDrawer, FormModal } from './form-drawer.tsx';
import { useEditForm } from './use-edit-form.ts';

/** What the form needs of a catalogue's calls (`crudApi(…)` has it). */
export interface SavingApi<Body> {
  useSave: () => {
    mutateAsync: (input: { id?: number; body: Body }) => Promise<unknown>;
    isPending: boolean;
  };
}

/** The props of a page's add / edit form: the row being edited (`{}` to add one), null when closed. */
export interface EditFormProps<Row> {
  editing: { row?: Row } | null;
  onClose: () => void;
}

/**
 * The add / edit form of a catalogue page, in a drawer (default) or a dialog (`modal`, for a few
 * fields): the title for adding or editing, the fields given as children, filled from the row or
 * `empty`, saved through `api` (Enter in a field saves too) with the server's field errors put on
 * their fields. Field ids are `<name>_<field>`.
 */
export function CrudForm<Row extends { id: number }, Body extends object, Values extends object = Body>({
  api,
  editing,
  onClose,
  title,
  name,
  testId,
  modal = false,
  width,
  extra,
  empty,
  toValues,
  toBody,
  submitOnEnter = true,
  children,
}: EditFormProps<Row> & {
  api: SavingApi<Body>;
  title: { add: string; edit: string };
  /** The form's name: its fields' ids are `<name>_<field>`. */
  name: string;
  /** `<testId>-drawer` and `<testId>-save` (a dialog: `<testId>-save` only). */
  testId: string;
  modal?: boolean;
  width?: number;
  /** In the drawer's header. */
  extra?: ReactNode;
  empty?: NoInfer<Partial<Values>>;
  toValues?: (row: Row) => NoInfer<Partial<Values>>;
  toBody?: (values: Values) => Body;
  /** False where Enter belongs to a field (a picker that adds on Enter). */
  submitOnEnter?: boolean;
  children: ReactNode;
}) {
  const save = api.useSave();
  const { form, submit } = useEditForm<Row, Body, Values>({
    editing,
    onClose,
    save: save.mutateAsync,
    empty,
    toValues,
    toBody,
  });
  const frame = {
    open: editing !== null,
    title: editing?.row ? title.edit : title.add,
    onClose,
    onSave: submit,
    saving: save.isPending,
    testId,
    width,
  };
  const body = (
    <Form form={form} layout="vertical" name={name} onFinish={submit}>
      {children}
      {submitOnEnter ? <button type="submit" hidden aria-hidden="true" tabIndex={-1} /> : null}
    </Form>
  );
  return modal ? (
    <FormModal {...frame}>{body}</FormModal>
  ) : (
    <FormDrawer {...frame} extra={extra}>
      {body}
    </FormDrawer>
  );
}
