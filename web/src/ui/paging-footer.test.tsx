import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PagingFooter } from './paging-footer.tsx';

describe('PagingFooter', () => {
  it('derives Next from the total when the list does not say', () => {
    render(<PagingFooter page={2} pageSize={20} count={5} total={25} onPage={() => undefined} />);
    expect(screen.getByRole('status').textContent).toBe('Displaying 21 - 25 of 25');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', false);
  });

  it('follows hasNextPage and shows an estimated total as "about"', () => {
    const onPage = vi.fn();
    render(<PagingFooter page={1} pageSize={10} count={10} total={12345} totalIsEstimate hasNextPage onPage={onPage} />);
    expect(screen.getByRole('status').textContent).toBe(`Displaying 1 - 10 of about ${new Intl.NumberFormat().format(12345)}`);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('disables Next when hasNextPage is false even if the total is larger', () => {
    render(<PagingFooter page={1} pageSize={10} count={10} total={50} hasNextPage={false} onPage={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });
});
