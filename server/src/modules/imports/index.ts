/** The imports domain's door: what the app may use of it (docs/decisions/008). */
export { type CheckedRow, changesOf, type FieldChange, outcomeOf } from './outcome';
export { importRoutes } from './routes';
export {
  type CellReader,
  columnIn,
  dedupe,
  editOf,
  fieldOf,
  firstRows,
  issuesOf,
  labelOf,
  listIn,
  once,
  type Refusal,
  type RowValues,
  readDate,
  readNumber,
  readRow,
  readText,
  readWord,
  timeUnitOf,
} from './row-checks';
