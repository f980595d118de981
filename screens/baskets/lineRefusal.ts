import { ApiProblem } from '../../runtime/api/problem';
import { DETAIL_FIELDS, type DetailCode, type DetailProblem, type LineDetails } from '../../shared/baskets/lineDetails';

const DETAIL_CODES: ReadonlySet<string> = new Set<DetailCode>([
  'field_not_applicable',
  'team_admin_required',
  'team_name_regex',
  'team_name_length',
  'acronis_pair_required',
  'team_name_exists',
  'new_team_name_exists',
]);
const PARAMETER = /^line_items\/(\d+)\/(\w+)$/;

/**
 * A server refusal of one line's subscription details, shown by that line's field (000 §5): the
 * line by its id, the broken rule, and the value refused, so the message goes once the buyer
 * changes it. The server names the line by its position in the line_items it was sent
 * (`line_items/2/dropbox_team_name`, docs/buying.md); `sentLineIds` are those lines in order.
 */
export interface LineRefusal {
  lineId: number;
  problem: DetailProblem;
  value: string;
}

export function lineRefusalOf(
  error: unknown,
  sentLineIds: readonly number[],
  valueOf: (lineId: number, field: keyof LineDetails) => string,
): LineRefusal | null {
  if (!(error instanceof ApiProblem) || !DETAIL_CODES.has(error.code)) return null;
  const match = PARAMETER.exec(error.parameter ?? '');
  const lineId = match ? sentLineIds[Number(match[1])] : undefined;
  const field = match?.[2] as keyof LineDetails | undefined;
  if (lineId === undefined || field === undefined || !DETAIL_FIELDS.includes(field)) return null;
  return { lineId, problem: { code: error.code as DetailCode, field }, value: valueOf(lineId, field) };
}

/** The refusal while its field still holds the refused value; gone once the buyer changes it. */
export function standingRefusal(
  refusal: LineRefusal | null,
  lineId: number,
  valueOf: (field: keyof LineDetails) => string,
): DetailProblem | undefined {
  return refusal && refusal.lineId === lineId && valueOf(refusal.problem.field) === refusal.value ? refusal.problem : undefined;
}
