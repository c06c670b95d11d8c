import { Form, type FormInstance } from 'antd';
import { useEffect } from 'react';
import { applyFieldErrors } from '../request/field-errors.ts';

/**
 * The add / edit form of a catalogue page: fills the form when it opens (the row's values, or the
 * defaults for a new one), and on save validates, sends, closes — or puts the server's field
 * errors on their fields, keeping everything typed. The form's values are the body sent unless
 * `Values` differs (a radio for a boolean, an empty picker for null): then `toBody` converts.
 */
export function useEditForm<Row extends { id: number }, Body extends object, Values extends object = Body>({
  editing,
  onClose,
  save,
  empty,
  toValues,
  toBody,
}: {
  editing: { row?: Row } | null;
  onClose: () => void;
  save: (input: { id?: number; body: Body }) => Promise<unknown>;
  /** Values of a new row. */
  empty?: NoInfer<Partial<Values>>;
  /** Form values of an existing row (default: the row itself). */
  toValues?: (row: Row) => NoInfer<Partial<Values>>;
  /** The body sent from the form's values (default: the values as they are). */
  toBody?: (values: Values) => Body;
}): { form: FormInstance<Values>; submit: () => Promise<void> } {
  const [form] = Form.useForm<Values>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when another row is opened
  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    const values = editing.row ? (toValues ? toValues(editing.row) : editing.row) : empty;
    // antd types the values as the form's own: a row carries extra read-only fields it ignores
    if (values) form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0]);
  }, [editing, form]);
  const submit = async () => {
    const values = await form.validateFields();
    try {
      await save({ id: editing?.row?.id, body: toBody ? toBody(values) : (values as unknown as Body) });
      onClose();
    } catch (error) {
      applyFieldErrors(form, error);
    }
  };
  return { form, submit };
}
