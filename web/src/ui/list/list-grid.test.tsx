import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { GridColDef } from '@mui/x-data-grid';
import { listMetaOf, listQuerySchema } from '@sc/common';
import { LIST_TEXTS, ListGrid, sortModelOf, sortPatchOf, type ListGridQuery, type ListGridUrl } from './list-grid.tsx';

interface Row {
  id: number;
  name: string;
  kind: string;
}
const columns: GridColDef<Row>[] = [
  { field: 'name', headerName: 'Name', flex: 1 },
  { field: 'kindName', headerName: 'Kind', flex: 1 },
  { field: 'note', headerName: 'Note', sortable: false },
];
type Sort = 'id' | 'name' | 'kind';
/** A list ordered by id (no column) by default, or by name or kind (whose column is 'kindName'). */
const META = listMetaOf(listQuerySchema({ defaultPageSize: 2, sorts: ['id', 'name', 'kind'], defaultSort: 'id', defaultDirection: 'desc', search: false }));
const SORT_FIELDS: Partial<Record<Sort, string>> = { kind: 'kindName' };

const query = (q: Partial<ListGridQuery<Row>>): ListGridQuery<Row> => ({ isPending: false, isFetching: false, error: null, refetch: vi.fn(), ...q });
const page = (rows: Row[], total = rows.length, hasNextPage = false) => ({ rows, total, hasNextPage });
const ada = { id: 1, name: 'Ada', kind: 'a' };
const bob = { id: 2, name: 'Bob', kind: 'b' };

const urlOf = (state: Partial<ListGridUrl<Sort>['state']> = {}, update: ListGridUrl<Sort>['update'] = vi.fn()): ListGridUrl<Sort> => ({
  state: { page: 1, pageSize: 2, sort: 'id', direction: 'desc', ...state },
  update,
});

function renderGrid(list: ListGridQuery<Row>, extra: { isFiltered?: boolean; url?: ListGridUrl<Sort> } = {}) {
  return render(
    <ListGrid
      label="Things"
      list={list}
      url={extra.url ?? urlOf()}
      meta={META}
      sortFields={SORT_FIELDS}
      isFiltered={extra.isFiltered ?? false}
      emptyText={LIST_TEXTS.empty}
      filteredEmptyText={LIST_TEXTS.filteredEmpty}
      columns={columns}
    />,
  );
}

describe('ListGrid: one status display and one pager', { timeout: 20_000 }, () => {
  it('shows skeleton lines, not the grid, while the first page loads', () => {
    renderGrid(query({ isPending: true, isFetching: true }));
    expect(screen.getByLabelText('Loading').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('shows the rows with the pager, whose Next follows hasNextPage and moves the URL state’s page', () => {
    const update = vi.fn();
    renderGrid(query({ data: page([ada, bob], 5, true) }), { url: urlOf({}, update) });
    const grid = screen.getByRole('grid', { name: 'Things' });
    expect(within(grid).getByText('Ada')).toBeTruthy();
    expect(screen.getByText('Displaying 1 - 2 of 5')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(update).toHaveBeenCalledWith({ page: 2 });
  });

  it('says the list is empty, or that the search found nothing, in the spec’s words', () => {
    const { unmount } = renderGrid(query({ data: page([]) }));
    expect(screen.getByText('There are no items to display.')).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
    unmount();
    renderGrid(query({ data: page([]) }), { isFiltered: true });
    expect(screen.getByText('No items were found - please modify your search criteria')).toBeTruthy();
  });

  it('offers the empty action (Add new item) only on an unfiltered empty list', () => {
    const empty = { label: 'Things', list: query({ data: page([]) }), url: urlOf(), meta: META, emptyText: LIST_TEXTS.empty, emptyAction: <a href="/add">{LIST_TEXTS.addNew}</a>, columns };
    const { unmount } = render(<ListGrid {...empty} isFiltered={false} />);
    expect(screen.getByRole('link', { name: 'Add new item' })).toBeTruthy();
    unmount();
    render(<ListGrid {...empty} isFiltered />);
    expect(screen.queryByRole('link', { name: 'Add new item' })).toBeNull();
  });

  it('offers the page sizes, a new size starting again at page 1, and says an estimated total as about', async () => {
    const update = vi.fn();
    render(
      <ListGrid
        label="Things"
        list={query({ data: { ...page([ada], 1234, true), totalIsEstimate: true } })}
        url={urlOf({ page: 3, pageSize: 1 }, update)}
        meta={META}
        isFiltered={false}
        emptyText={LIST_TEXTS.empty}
        pageSizeOptions={[1, 10]}
        columns={columns}
      />,
    );
    expect(screen.getByText('Displaying 3 - 3 of about 1,234')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Rows per page' }));
    fireEvent.click(await screen.findByRole('option', { name: '10' }));
    expect(update).toHaveBeenCalledWith({ pageSize: 10, page: 1 });
  });

  it('shows no page-size choice unless the screen offers one', () => {
    renderGrid(query({ data: page([ada]) }));
    expect(screen.queryByRole('combobox', { name: 'Rows per page' })).toBeNull();
  });

  it('shows a failed load with its reason and a Retry that loads again', () => {
    const refetch = vi.fn();
    renderGrid(query({ error: new Error('Request failed'), refetch }));
    expect(screen.getByText(/There was a problem loading information from the server! \(Request failed\)/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});

describe('ListGrid: the order is the URL state’s', { timeout: 20_000 }, () => {
  it('shows the arrow on the sorted column, under its own field name, and none for an order without a column', () => {
    expect(sortModelOf<Sort>({ page: 1, pageSize: 2, sort: 'name', direction: 'asc' }, columns, SORT_FIELDS)).toEqual([{ field: 'name', sort: 'asc' }]);
    expect(sortModelOf<Sort>({ page: 1, pageSize: 2, sort: 'kind', direction: 'desc' }, columns, SORT_FIELDS)).toEqual([{ field: 'kindName', sort: 'desc' }]);
    expect(sortModelOf<Sort>({ page: 1, pageSize: 2, sort: 'id', direction: 'desc' }, columns, SORT_FIELDS)).toEqual([]);
    // A column that does not sort shows no arrow even when its field is the order's.
    expect(sortModelOf({ page: 1, pageSize: 2, sort: 'note', direction: 'asc' }, columns)).toEqual([]);
  });

  it('turns a header click into the sort key and direction at page 1; a column of no key goes back to the default order', () => {
    expect(sortPatchOf([{ field: 'kindName', sort: 'desc' }], META, SORT_FIELDS)).toEqual({ sort: 'kind', direction: 'desc', page: 1 });
    expect(sortPatchOf([{ field: 'name', sort: 'asc' }], META, SORT_FIELDS)).toEqual({ sort: 'name', direction: 'asc', page: 1 });
    expect(sortPatchOf([{ field: 'somethingElse', sort: 'asc' }], META, SORT_FIELDS)).toEqual({ sort: 'id', direction: 'desc', page: 1 });
    expect(sortPatchOf([], META, SORT_FIELDS)).toEqual({ sort: 'id', direction: 'desc', page: 1 });
  });

  it('sorts by a click on a column header through the URL state', () => {
    const update = vi.fn();
    renderGrid(query({ data: page([ada, bob]) }), { url: urlOf({ page: 2, sort: 'name', direction: 'asc' }, update) });
    const name = screen.getByRole('columnheader', { name: /Name/ });
    expect(name.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(name).getByText('Name'));
    expect(update).toHaveBeenCalledWith({ sort: 'name', direction: 'desc', page: 1 });
    fireEvent.click(within(screen.getByRole('columnheader', { name: /Kind/ })).getByText('Kind'));
    expect(update).toHaveBeenLastCalledWith({ sort: 'kind', direction: 'asc', page: 1 });
  });
});
