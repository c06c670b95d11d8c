import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import { Form, Input } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@/shared/ui/feedback.ts', () => ({
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
  confirmDialog: vi.fn(),
  ERROR_TOAST_SECONDS: 5,
}));

import { stubBrowserApis } from '@/shared/testing/jsdom-stubs.ts';

stubBrowserApis();
const { initI18n } = await import('@/shared/i18n/i18n.ts');
const common = (await import('@/shared/locales/en.json')).default;
initI18n({ en: { common } }, 'en');
const { CrudForm, CrudList, crudApi, useCrudPage, useListPage } = await import('./index.ts');
type EditFormProps<Row> = import('./index.ts').EditFormProps<Row>;

interface Item {
  id: number;
  name: string;
  kind: string;
}
type ItemBody = Omit<Item, 'id'>;
interface ItemQuery {
  page: number;
  limit: number;
  keyword: string;
  kind?: string | null;
}

const itemApi = crudApi<Item, ItemBody, ItemQuery>(['items'], {
  list: '/api/items/list',
  create: '/api/items',
  one: (id) => `/api/items/${id}`,
});

function ItemForm({ modal = false, ...props }: EditFormProps<Item> & { modal?: boolean }) {
  return (
    <CrudForm
      {...props}
      api={itemApi}
      title={{ add: 'Add item', edit: 'Edit item' }}
      name="item"
      testId="item"
      modal={modal}
      empty={{ kind: 'gas' }}
      toBody={(values: ItemBody) => ({ ...values, name: values.name.trim() })}
    >
      <Form.Item name="name" label="Name">
        <Input />
      </Form.Item>
      <Form.Item name="kind" label="Kind">
        <Input />
      </Form.Item>
    </CrudForm>
  );
}

function ItemsPage({ modal = false }: { modal?: boolean }) {
  const crud = useCrudPage(itemApi, 'items');
  return (
    <CrudList
      crud={crud}
      testId="item"
      search="Name"
      addLabel="Add item"
      columns={[
        { title: 'Name', dataIndex: 'name' },
        crud.actionsColumn({ testId: (row) => `item-${row.id}`, name: (row) => row.name }),
      ]}
    >
      <ItemForm {...crud.form} modal={modal} />
    </CrudList>
  );
}

let buttons: string[] = [];
const calls: Array<{ method: string; url: string; body: unknown }> = [];
const envelope = (data: unknown, status = 0, http = 200) =>
  Response.json({ status, message: status < 0 ? 'Bad request' : 'Saved', data }, { status: http });
let answerSave = () => envelope({ id: 2 });

const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  if (url.includes('subResource')) return envelope(buttons);
  const body = init?.body ? JSON.parse(String(init.body)) : undefined;
  calls.push({ method: init?.method ?? 'GET', url, body });
  if (url.endsWith('/list'))
    return envelope({ list: [{ id: 1, name: 'H2S sensor', kind: 'gas' }], count: 1 });
  return answerSave();
});

beforeEach(() => {
  buttons = ['items:add', 'items:edit', 'items:delete'];
  calls.length = 0;
  answerSave = () => envelope({ id: 2 });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPage = (modal = false) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ItemsPage modal={modal} />
    </QueryClientProvider>,
  );
const saves = () => calls.filter((c) => !c.url.endsWith('/list'));
const lists = () => calls.filter((c) => c.url.endsWith('/list')).map((c) => c.body);

describe('the catalogue kit', () => {
  it("leaves empty filters out of the list query and goes back to the first page on a filter's change", () => {
    const { result } = renderHook(() => useListPage<Item, { kind: string | null }>({ kind: null }));
    act(() => result.current.setPaging({ page: 3, limit: 20 }));
    expect(result.current.query).toEqual({ page: 3, limit: 20, keyword: '' });
    act(() => result.current.setFilters({ kind: 'gas' }));
    expect(result.current.query).toEqual({ page: 1, limit: 20, keyword: '', kind: 'gas' });
    act(() => result.current.setAreaId(7));
    act(() => result.current.setFilters({ kind: null }));
    expect(result.current.query).toEqual({ page: 1, limit: 20, keyword: '', areaId: 7 });
  });

  it('lists, searches and shows only the actions the caller holds', async () => {
    buttons = ['items:edit'];
    renderPage();
    await screen.findByText('H2S sensor');
    expect(lists()).toEqual([{ page: 1, limit: 10, keyword: '' }]);
    expect(screen.getByTestId('item-1-edit')).toBeTruthy();
    expect(screen.queryByTestId('item-1-delete')).toBeNull();
    expect(screen.queryByTestId('item-add')).toBeNull();
    expect(screen.getByTestId('item-table')).toBeTruthy();

    const keyword = within(screen.getByTestId('item-keyword')).getByRole('searchbox');
    fireEvent.change(keyword, { target: { value: '  H2S ' } });
    fireEvent.keyDown(keyword, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await vi.waitFor(() => expect(lists().at(-1)).toEqual({ page: 1, limit: 10, keyword: 'H2S' }));
  });

  it('adds in the drawer with the defaults and the converted body, keeping it open on field errors', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('item-add'));
    const drawer = await screen.findByTestId('item-drawer');
    expect(within(drawer).getByText('Add item')).toBeTruthy();
    expect((drawer.querySelector('#item_kind') as HTMLInputElement).value).toBe('gas');

    answerSave = () =>
      envelope({ fields: [{ field: 'name', message: 'This name is already in use' }] }, -400, 400);
    fireEvent.change(drawer.querySelector('#item_name') as HTMLInputElement, { target: { value: ' CO ' } });
    fireEvent.click(screen.getByTestId('item-save'));
    await within(drawer).findByText('This name is already in use');
    expect(saves()).toEqual([{ method: 'POST', url: '/api/items', body: { name: 'CO', kind: 'gas' } }]);

    answerSave = () => envelope({ id: 2 });
    fireEvent.click(screen.getByTestId('item-save'));
    await vi.waitFor(() => expect(saves()).toHaveLength(2));
    await vi.waitFor(() => expect(screen.queryByTestId('item-save')).toBeNull());
  });

  it('edits in a dialog filled from the row; Enter in a field saves', async () => {
    renderPage(true);
    fireEvent.click(await screen.findByTestId('item-1-edit'));
    const name = (await screen.findByDisplayValue('H2S sensor')) as HTMLInputElement;
    expect(screen.getByText('Edit item')).toBeTruthy();
    expect(screen.getByTestId('item-save')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'H2S sensor 2' } });
    fireEvent.submit(name.closest('form') as HTMLFormElement);
    await vi.waitFor(() =>
      expect(saves()).toEqual([
        { method: 'PUT', url: '/api/items/1', body: { name: 'H2S sensor 2', kind: 'gas' } },
      ]),
    );
  });
});
