/** The signatures domain's door: any record type can be signed through it (docs/decisions/060). */
export { signatureRowsOf } from './history';
export { signatureRoutes } from './routes';
export {
  isSigned,
  listSignatures,
  refuseIfSigned,
  signAmendment,
  signaturesWithChanges,
  signedRecord,
  signOffRequired,
  signRecord,
  WRONG_PASSWORD,
} from './service';
