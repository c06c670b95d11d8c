import { alarmListQuery } from '@sentinel/contract';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type UrlFilters, useUrlFilters } from './url-filters.ts';

type Filters = UrlFilters<typeof alarmListQuery>;

const START = '2026-11-01T00:00:00.000Z';
const END = '2026-11-30T23:59:59.999Z';

/** What each render of the page saw: its filters and the URL's search at that render. */
interface Seen {
  filters: Filters;
  search: string;
}

let seen: Seen[] = [];
let search: (filters: Filters) => void = () => undefined;
/** While set, the root loader waits for it (the router holds the URL back meanwhile). */
let gate: Promise<void> | null = null;
let openGate: () => void = () => undefined;

function closeGate() {
  gate = new Promise((resolve) => {
    openGate = () => {
      gate = null;
      resolve();
    };
  });
}

function ListPage() {
  const [filters, setFilters] = useUrlFilters(alarmListQuery);
  const location = useLocation();
  seen.push({ filters, search: location.search });
  search = setFilters;
  return (
    <>
      <output data-testid="filters">{JSON.stringify(filters)}</output>
      <button type="button" onClick={() => setFilters({ priority: 120004 })}>
        Search urgent
      </button>
    </>
  );
}

/** As the app: a root loader that revalidates on every navigation, the list page under it. */
function renderList(initialEntries: string[]) {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: async () => {
          await gate;
          return null;
        },
        shouldRevalidate: () => true,
        HydrateFallback: () => null,
        children: [
          { path: 'list', Component: ListPage },
          { path: 'other', Component: () => <p>other</p> },
        ],
      },
    ],
    { initialEntries, initialIndex: initialEntries.length - 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const last = () => seen[seen.length - 1] as Seen;

/** Until the router has written the URL and the page rendered with it. */
async function urlIs(expected: string) {
  await waitFor(() => expect(last().search).toBe(expected));
}

afterEach(() => {
  openGate();
  cleanup();
  seen = [];
});

describe('useUrlFilters', () => {
  it('answers the searched filters in the render the click causes, before the URL has them', async () => {
    const router = renderList(['/list?priority=120001']);
    await urlIs('?priority=120001');
    expect(last().filters).toEqual({ priority: 120001 });

    closeGate();
    fireEvent.click(screen.getByText('Search urgent'));
    // The URL is still the old one (the root loader holds the navigation), the filters are new.
    expect(router.state.location.search).toBe('?priority=120001');
    expect(last()).toEqual({ filters: { priority: 120004 }, search: '?priority=120001' });
    expect(seen.every((s) => s.search === '?priority=120001')).toBe(true);
    expect(screen.getByTestId('filters').textContent).toBe('{"priority":120004}');
    const searched = last().filters;

    await act(async () => openGate());
    await urlIs('?priority=120004');
    // The URL caught up: the same filters, the same object (a form filled from them is not reset).
    expect(last().filters).toBe(searched);
    // No render after the click went back to the filters of before.
    const afterClick = seen.slice(seen.findIndex((s) => s.filters === searched));
    expect(afterClick.every((s) => s.filters.priority === 120004)).toBe(true);
  });

  it('answers what the URL will hold: the searched filters read back with the schema', async () => {
    renderList(['/list']);
    await urlIs('');
    closeGate();
    act(() => search({ startTime: START, priority: 120003, sceneId: 5 }));
    // A half range is not a filter, in the URL or before it.
    expect(last().filters).toEqual({ priority: 120003, sceneId: 5 });
    act(() => search({ startTime: START, endTime: END, priority: 120003, page: 2 } as Filters));
    expect(last().filters).toEqual({ startTime: START, endTime: END, priority: 120003 });
    const searched = last().filters;
    await act(async () => openGate());
    await urlIs(`?startTime=${encodeURIComponent(START)}&endTime=${encodeURIComponent(END)}&priority=120003`);
    expect(last().filters).toBe(searched);
  });

  it('keeps the same object when the same filters are searched again', async () => {
    renderList(['/list?priority=120004']);
    await urlIs('?priority=120004');
    const before = last().filters;
    act(() => search({ priority: 120004 }));
    expect(last().filters).toBe(before);
    await waitFor(() => expect(last().filters).toBe(before));
  });

  it('lets a later navigation win, even one made before the URL caught up', async () => {
    const router = renderList(['/other', '/list?priority=120001']);
    await urlIs('?priority=120001');

    // A search, then at once a link back to the very URL of before (drill-through, a tag view).
    closeGate();
    act(() => search({ priority: 120004 }));
    expect(last().filters).toEqual({ priority: 120004 });
    await act(async () => {
      void router.navigate('/list?priority=120001');
    });
    await act(async () => openGate());
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(router.state.location.search).toBe('?priority=120001');
    await waitFor(() => expect(last().filters).toEqual({ priority: 120001 }));

    // A search that lands, then a link to the same page with other filters.
    act(() => search({ priority: 120002, sceneId: 3 }));
    await urlIs('?priority=120002&sceneId=3');
    await act(async () => {
      await router.navigate('/list?sceneId=9');
    });
    expect(last()).toEqual({ filters: { sceneId: 9 }, search: '?sceneId=9' });

    // Back and forward: each entry's own URL (the search replaced the entry it was made on).
    await act(async () => {
      await router.navigate(-1);
    });
    await urlIs('?priority=120002&sceneId=3');
    expect(last().filters).toEqual({ priority: 120002, sceneId: 3 });
    await act(async () => {
      await router.navigate(1);
    });
    await urlIs('?sceneId=9');
    expect(last().filters).toEqual({ sceneId: 9 });
  });

  it('drops a pending search when the page is left for another URL and opened again', async () => {
    const router = renderList(['/list?priority=120001']);
    await urlIs('?priority=120001');
    act(() => search({ priority: 120004 }));
    await urlIs('?priority=120004');
    await act(async () => {
      await router.navigate('/list');
    });
    expect(last()).toEqual({ filters: {}, search: '' });
  });
});
