/** The imports domain's door: what the app may use of it (docs/decisions/008). */
export { importRoutes } from './routes';
export {
  type CellReader,
  dedupe,
  editOf,
  firstRows,
  issuesOf,
  labelOf,
  once,
  type Refusal,
  type RowValues,
  readDate,
  readNumber,
  readRow,
  readText,
  readWord,
} from './row-checks';
