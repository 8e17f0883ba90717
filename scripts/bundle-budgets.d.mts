// Types of scripts/bundle-budgets.mjs for the web project's budget test.
export interface Build {
  distDir: string;
  manifest: Record<string, { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }>;
  libraries: Record<string, boolean>;
}
export interface SizedFile {
  file: string;
  bytes: number;
}
export interface RouteSize {
  src: string;
  own: SizedFile[];
  bytes: number;
  libraryFiles: string[];
  libraryBytes: number;
}
export interface Measurement {
  login: { files: SizedFile[]; bytes: number };
  routes: RouteSize[];
  libraries: SizedFile[];
}
export const LOGIN_BUDGET_BYTES: number;
export const ROUTE_BUDGET_BYTES: number;
export function readBuild(distDir: string): Build;
export function measure(build: Build, routeModules: readonly string[]): Measurement;
export function violations(result: Measurement): string[];
export function routeModulesOf(routerSource: string): string[];
