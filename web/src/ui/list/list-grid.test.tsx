import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { GridColDef } from '@mui/x-data-grid';
import { LIST_TEXTS, ListGrid, type ListGridQuery } from './list-grid.tsx';

interface Row {
  id: number;
  name: string;
}
const columns: GridColDef<Row>[] = [{ field: 'name', headerName: 'Name', flex: 1 }];

const query = (q: Partial<ListGridQuery<Row>>): ListGridQuery<Row> => ({ isPending: false, isFetching: false, error: null, refetch: vi.fn(), ...q });
const page = (rows: Row[], total = rows.length, hasNextPage = false) => ({ rows, total, hasNextPage });

function renderGrid(list: ListGridQuery<Row>, extra: { isFiltered?: boolean; onPage?: (p: number) => void } = {}) {
  return render(
    <ListGrid
      label="Things"
      list={list}
      isFiltered={extra.isFiltered ?? false}
      emptyText={LIST_TEXTS.empty}
      filteredEmptyText={LIST_TEXTS.filteredEmpty}
      page={1}
      pageSize={2}
      onPage={extra.onPage ?? (() => undefined)}
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

  it('shows the rows with the pager, whose Next follows hasNextPage', () => {
    const onPage = vi.fn();
    renderGrid(query({ data: page([{ id: 1, name: 'Ada' }, { id: 2, name: 'Bob' }], 5, true) }), { onPage });
    const grid = screen.getByRole('grid', { name: 'Things' });
    expect(within(grid).getByText('Ada')).toBeTruthy();
    expect(screen.getByText('Displaying 1 - 2 of 5')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
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
    const { unmount } = render(
      <ListGrid label="Things" list={query({ data: page([]) })} isFiltered={false} emptyText={LIST_TEXTS.empty} emptyAction={<a href="/add">{LIST_TEXTS.addNew}</a>} page={1} pageSize={2} columns={columns} />,
    );
    expect(screen.getByRole('link', { name: 'Add new item' })).toBeTruthy();
    unmount();
    render(<ListGrid label="Things" list={query({ data: page([]) })} isFiltered emptyText={LIST_TEXTS.empty} emptyAction={<a href="/add">{LIST_TEXTS.addNew}</a>} page={1} pageSize={2} columns={columns} />);
    expect(screen.queryByRole('link', { name: 'Add new item' })).toBeNull();
  });

  it('offers the page sizes and says an estimated total as about', () => {
    const onPageSize = vi.fn();
    render(
      <ListGrid
        label="Things"
        list={query({ data: { ...page([{ id: 1, name: 'Ada' }], 1234, true), totalIsEstimate: true } })}
        isFiltered={false}
        emptyText={LIST_TEXTS.empty}
        page={1}
        pageSize={1}
        onPage={() => undefined}
        pageSizeOptions={[1, 10]}
        onPageSize={onPageSize}
        columns={columns}
      />,
    );
    expect(screen.getByText('Displaying 1 - 1 of about 1,234')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toBeTruthy();
  });

  it('shows a failed load with its reason and a Retry that loads again', () => {
    const refetch = vi.fn();
    renderGrid(query({ error: new Error('Request failed'), refetch }));
    expect(screen.getByText(/There was a problem loading information from the server! \(Request failed\)/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
