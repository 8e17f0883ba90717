import { z } from 'zod';

/** 000 §9: page-size options and default. */
export const PAGE_SIZES = [10, 15, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** One list contract for every server-paged grid (STYLE.md §5). */
export const ZListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE),
  sort: z.string().max(64).optional(),
  direction: z.enum(['asc', 'desc']).optional(),
  search: z.string().max(200).optional(),
});
export type ListQuery = z.infer<typeof ZListQuerySchema>;

export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({ rows: z.array(row), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
}
