import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import ExcelJS from 'exceljs';
import type { ChartData } from '@sc/common';
import { renderWithApp } from '../../test/render.tsx';
import { buildChartOption, type ChartTheme } from './chart-options.ts';
import type { Palette } from '@mui/material/styles';
import { theme as appTheme } from '../theme.ts';
import { ChartCard } from './chart-card.tsx';

// jsdom has no canvas: the ECharts module is replaced by a stand-in that exposes the same props
// (its clicks and its PNG handle); the option it would draw is tested through buildChartOption.
vi.mock('./echart-view.tsx', async () => {
  const { useEffect } = await import('react');
  return {
    default: function FakeEChart(props: {
      label: string;
      theme: { colors: string[] };
      onItemClick?: (i: number, s: number) => void;
      handleRef?: (h: { pngDataUrl: () => string } | null) => void;
    }) {
      const { handleRef } = props;
      useEffect(() => {
        handleRef?.({ pngDataUrl: () => 'data:image/png;base64,iVBORw0KGgo=' });
        return () => handleRef?.(null);
      }, [handleRef]);
      return (
        <div role="img" aria-label={props.label} data-colors={props.theme.colors.join(' ')}>
          <button type="button" onClick={() => props.onItemClick?.(1, 0)}>
            fake bar 1
          </button>
        </div>
      );
    },
  };
});

const saved: { blob: Blob; name: string }[] = [];
vi.mock('../download-file.ts', () => ({
  saveBlob: (blob: Blob, name: string) => saved.push({ blob, name }),
}));

const data: ChartData = {
  categories: ['Critical', 'High', '=cmd'],
  keys: ['1', '2', null],
  series: [{ name: 'Tickets', values: [3, 5, 1] }],
};

describe('ChartCard: title, drawing, table view, exports, selection', () => {
  it('draws lazily with a summary label, and a click on a bar calls onSelect with the datum', async () => {
    const onSelect = vi.fn();
    renderWithApp(<ChartCard title="Open by priority" data={data} onSelect={onSelect} />);
    expect(screen.getByRole('heading', { name: 'Open by priority' })).toBeTruthy();
    const img = await screen.findByRole('img', { name: /Open by priority: Bar chart of 3 items, total 9/ });
    fireEvent.click(within(img).getByRole('button', { name: 'fake bar 1' }));
    expect(onSelect).toHaveBeenCalledWith({ index: 1, category: 'High', key: '2', seriesName: 'Tickets', value: 5 });
  });

  it('the table view lists the data; its category buttons select by keyboard, a null key is plain text', async () => {
    const onSelect = vi.fn();
    renderWithApp(<ChartCard title="Open by priority" categoryLabel="Priority" data={data} onSelect={onSelect} />);
    const toggle = screen.getByRole('button', { name: 'Table view' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    const table = screen.getByRole('table', { name: 'Open by priority' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['PriorityTickets', 'Critical3', 'High5', '=cmd1']);
    fireEvent.click(within(table).getByRole('button', { name: 'Critical' }));
    expect(onSelect).toHaveBeenCalledWith({ index: 0, category: 'Critical', key: '1', seriesName: 'Tickets', value: 3 });
    expect(within(table).queryByRole('button', { name: '=cmd' })).toBeNull();
  });

  it('Export data saves an .xlsx whose cells are the table (formula-like text escaped); Export image a PNG', async () => {
    saved.length = 0;
    renderWithApp(<ChartCard title="Open by priority" categoryLabel="Priority" data={data} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export data: Open by priority' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('Open_by_priority.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await saved[0]!.blob.arrayBuffer());
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Open by priority');
    const values = ws.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
    expect(values).toEqual([
      ['Priority', 'Tickets'],
      ['Critical', 3],
      ['High', 5],
      ["'=cmd", 1],
    ]);

    await screen.findByRole('img', { name: /Open by priority/ });
    const imageButton = screen.getByRole('button', { name: 'Export image: Open by priority' });
    await waitFor(() => expect((imageButton as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(imageButton);
    expect(saved[1]!.name).toBe('Open_by_priority.png');
    expect(saved[1]!.blob.type).toBe('image/png');
    expect(new Uint8Array(await saved[1]!.blob.arrayBuffer()).slice(1, 4)).toEqual(new Uint8Array([0x50, 0x4e, 0x47]));
  });

  it('tones colour the series by meaning (thumbs up success, thumbs down error); without them the series palette', async () => {
    const { unmount } = renderWithApp(<ChartCard title="Answers" kind="stackedBar" data={data} tones={['success', 'error']} />);
    const p = (appTheme as unknown as { colorSchemes: { light: { palette: Palette } } }).colorSchemes.light.palette;
    expect((await screen.findByRole('img')).getAttribute('data-colors')).toBe(`${p.success.main} ${p.error.main}`);
    unmount();
    renderWithApp(<ChartCard title="Answers" kind="stackedBar" data={data} />);
    expect((await screen.findByRole('img')).getAttribute('data-colors')?.split(' ').slice(0, 2)).toEqual([p.primary.main, p.secondary.main]);
  });

  it('shows the empty text instead of a drawing when every value is 0', () => {
    renderWithApp(<ChartCard title="Nothing" data={{ categories: ['A'], series: [{ name: 'Tickets', values: [0] }] }} emptyText="No data for this period." />);
    expect(screen.getByText('No data for this period.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('buildChartOption: themed and narrow-aware', () => {
  const dark: ChartTheme = { mode: 'dark', text: '#fff', textSecondary: '#bbb', divider: '#333', paper: '#151c29', colors: ['#8fb1ff', '#4fd1c5'], fontFamily: 'system-ui' };
  const two: ChartData = { categories: ['W1', 'W2'], series: [{ name: 'Created', values: [1, 2] }, { name: 'Closed', values: [0, 1] }] };

  it('takes colours and text from the theme, legend on top on a desktop and below on a phone', () => {
    const desk = buildChartOption({ kind: 'line', data: two, theme: dark, narrow: false }) as Record<string, unknown>;
    expect(desk.color).toEqual(['#8fb1ff', '#4fd1c5']);
    expect(desk.legend).toMatchObject({ show: true, top: 0, textStyle: { color: '#fff' } });
    expect((desk.series as { type: string; name: string }[]).map((s) => [s.type, s.name])).toEqual([
      ['line', 'Created'],
      ['line', 'Closed'],
    ]);
    const phone = buildChartOption({ kind: 'line', data: two, theme: dark, narrow: true }) as Record<string, unknown>;
    expect(phone.legend).toMatchObject({ show: true, bottom: 0 });
  });

  it('a pie has one slice per category and hides slice labels on a phone; a horizontal bar swaps the axes', () => {
    const pie = buildChartOption({ kind: 'pie', data, theme: dark, narrow: true }) as { series: { data: unknown; label: { show: boolean } }[] };
    expect(pie.series[0]!.data).toEqual([
      { name: 'Critical', value: 3 },
      { name: 'High', value: 5 },
      { name: '=cmd', value: 1 },
    ]);
    expect(pie.series[0]!.label.show).toBe(false);
    const h = buildChartOption({ kind: 'horizontalBar', data, theme: dark, narrow: false }) as { xAxis: { type: string }; yAxis: { type: string } };
    expect([h.xAxis.type, h.yAxis.type]).toEqual(['value', 'category']);
  });
});
