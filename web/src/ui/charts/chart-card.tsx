import { lazy, Suspense, useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useColorScheme, useTheme, type Palette } from '@mui/material/styles';
import FileDownload from '@mui/icons-material/FileDownloadOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import TableChart from '@mui/icons-material/TableChartOutlined';
import type { ChartData, ChartDatum } from '@sc/common';
import { FONT_STACK } from '../theme.ts';
import { useSnackbar } from '../app-snackbar.tsx';
import type { ChartKind, ChartTheme } from './chart-options.ts';
import type { EChartHandle } from './echart-view.tsx';
import { exportChartData, exportChartImage } from './export-chart.ts';

// requirements §13.7: every chart of the portal (reports, surveys): a titled card, the drawing (ECharts,
// loaded on demand), a table view of the same data for screen readers and keyboards, and exports of the
// data (.xlsx) and the image (PNG). A click on a bar/slice, or on a row's category in the table view,
// calls onSelect.

const EChartView = lazy(() => import('./echart-view.tsx'));

interface ChartCardProps {
  title: string;
  data: ChartData;
  kind?: ChartKind;
  /** Header of the table view's first column (and of the exported sheet). */
  categoryLabel?: string;
  /** Height of the drawing in px on a desktop; phones get a little more for the legend below. */
  height?: number;
  /** A line under the title (a headline figure, a note). */
  subtitle?: ReactNode;
  /** Shown instead of the drawing when there is nothing to draw. */
  emptyText?: string;
  onSelect?: (datum: ChartDatum) => void;
  /**
   * Colours by meaning, one per series in order (e.g. thumbs up 'success', thumbs down 'error'); the
   * theme's series palette when not given.
   */
  tones?: readonly ChartTone[];
}

/** A palette colour a series can be drawn in when its colour carries meaning. */
export type ChartTone = 'primary' | 'secondary' | 'success' | 'error' | 'warning' | 'info';

const fmt = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const KIND_NAMES: Record<ChartKind, string> = {
  bar: 'Bar chart',
  stackedBar: 'Stacked bar chart',
  horizontalBar: 'Bar chart',
  line: 'Line chart',
  pie: 'Pie chart',
};

/** The MUI theme's real colours for the active colour scheme (a canvas cannot read CSS variables). */
function useChartTheme(tones?: readonly ChartTone[]): ChartTheme {
  const theme = useTheme();
  const { mode, systemMode } = useColorScheme();
  const resolved: 'light' | 'dark' = (mode === 'system' ? systemMode : mode) === 'dark' ? 'dark' : 'light';
  // With CSS variables the theme carries both schemes' palettes (typed only on the CSS-variables theme).
  const schemes = (theme as { colorSchemes?: Partial<Record<'light' | 'dark', { palette: Palette }>> }).colorSchemes;
  const p = schemes?.[resolved]?.palette ?? theme.palette;
  const toneKey = tones?.join(' ') ?? '';
  return useMemo(
    () => ({
      mode: resolved,
      text: p.text.primary,
      textSecondary: p.text.secondary,
      divider: p.divider,
      paper: p.background.paper,
      colors: toneKey
        ? toneKey.split(' ').map((t) => p[t as ChartTone].main)
        : [p.primary.main, p.secondary.main, p.warning.main, p.error.main, p.success.main, p.info.main, p.primary.dark, p.secondary.dark],
      fontFamily: FONT_STACK,
    }),
    [resolved, p, toneKey],
  );
}

const isEmpty = (d: ChartData) => d.categories.length === 0 || d.series.every((s) => s.values.every((v) => !v));

export function ChartCard({ title, data, kind = 'bar', categoryLabel = 'Category', height = 280, subtitle, emptyText = 'No data for this period.', onSelect, tones }: ChartCardProps) {
  const theme = useTheme();
  const chartTheme = useChartTheme(tones);
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const showSnackbar = useSnackbar();
  const [tableOpen, setTableOpen] = useState(false);
  const [handle, setHandle] = useState<EChartHandle | null>(null);
  const headingId = useId();
  const tableId = useId();
  const empty = isEmpty(data);

  const datumAt = useCallback(
    (index: number, seriesIndex: number): ChartDatum => {
      const s = data.series[seriesIndex] ?? data.series[0];
      return {
        index,
        category: data.categories[index] ?? '',
        key: data.keys ? (data.keys[index] ?? null) : (data.categories[index] ?? null),
        seriesName: s?.name ?? '',
        value: s?.values[index] ?? 0,
      };
    },
    [data],
  );
  const selectable = (index: number) => !!onSelect && (!data.keys || data.keys[index] !== null);
  const onItemClick = useMemo(
    () =>
      onSelect
        ? (index: number, seriesIndex: number) => {
            if (selectable(index)) onSelect(datumAt(index, seriesIndex));
          }
        : undefined,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [onSelect, datumAt],
  );

  const fail = (e: unknown) => showSnackbar(e instanceof Error ? e.message : 'An Error Occurred', { severity: 'error' });
  const exportData = () => {
    exportChartData(title, data, categoryLabel).catch(fail);
  };
  const exportImage = () => {
    const url = handle?.pngDataUrl();
    if (!url) return;
    try {
      exportChartImage(title, url);
    } catch (e) {
      fail(e);
    }
  };

  const total = data.series.length === 1 ? data.series[0]!.values.reduce((a, b) => a + b, 0) : null;
  const summary = `${title}: ${KIND_NAMES[kind]} of ${data.categories.length} ${data.categories.length === 1 ? 'item' : 'items'}${
    total !== null ? `, total ${fmt.format(total)}` : ''
  }. Use Table view for the data.`;
  const drawingHeight = narrow && (kind === 'pie' || data.series.length > 1) ? height + 40 : height;

  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1, '&:last-child': { pb: 2 } }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography id={headingId} variant="h6" component="h2" sx={{ fontSize: '1rem', fontWeight: 600 }}>
              {title}
            </Typography>
            {subtitle && (
              <Typography variant="body2" color="text.secondary" component="div">
                {subtitle}
              </Typography>
            )}
          </Box>
          <Tooltip title={tableOpen ? 'Hide table view' : 'Table view'}>
            <IconButton size="small" aria-label="Table view" aria-pressed={tableOpen} aria-controls={tableOpen ? tableId : undefined} onClick={() => setTableOpen((v) => !v)}>
              <TableChart fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Export data">
            <IconButton size="small" aria-label={`Export data: ${title}`} onClick={exportData}>
              <FileDownload fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Export image">
            <span>
              <IconButton size="small" aria-label={`Export image: ${title}`} onClick={exportImage} disabled={!handle || empty}>
                <ImageOutlined fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
        {empty ? (
          <Box sx={{ height: drawingHeight, display: 'grid', placeItems: 'center' }}>
            <Typography color="text.secondary">{emptyText}</Typography>
          </Box>
        ) : (
          <Suspense fallback={<Skeleton variant="rounded" height={drawingHeight} aria-label={`Loading ${title}`} />}>
            <EChartView
              kind={kind}
              data={data}
              theme={chartTheme}
              narrow={narrow}
              height={drawingHeight}
              label={summary}
              onItemClick={onItemClick}
              handleRef={setHandle}
            />
          </Suspense>
        )}
        {tableOpen && (
          <TableContainer id={tableId} sx={{ maxHeight: 360 }}>
            <Table size="small" stickyHeader>
              <caption style={{ captionSide: 'top', textAlign: 'left', padding: '4px 0' }}>{title}</caption>
              <TableHead>
                <TableRow>
                  <TableCell scope="col" component="th">
                    {categoryLabel}
                  </TableCell>
                  {data.series.map((s) => (
                    <TableCell key={s.name} scope="col" component="th" align="right">
                      {s.name}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.categories.map((c, i) => (
                  <TableRow key={`${c}-${i}`}>
                    <TableCell component="th" scope="row">
                      {selectable(i) ? (
                        <Link component="button" type="button" onClick={() => onSelect!(datumAt(i, 0))} sx={{ textAlign: 'left' }}>
                          {c}
                        </Link>
                      ) : (
                        c
                      )}
                    </TableCell>
                    {data.series.map((s) => (
                      <TableCell key={s.name} align="right">
                        {fmt.format(s.values[i] ?? 0)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
