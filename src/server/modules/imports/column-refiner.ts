import {
  MAX_REFINEMENT_SAMPLES,
  parseRoleSuggestions,
  type RefinementRequest,
  type RoleSuggestion,
} from '../../../core/import/detect/refine-columns';
import type { ColumnRole } from '../../../core/import/detect/roles';
import type { ChatClient, ChatMessage } from '../../llm/chat-client';

/**
 * Asks the configured language model about the columns the detector is unsure of. Answers the
 * model's suggestions, or none when anything goes wrong (no answer in time, an error, an answer
 * that is not what was asked): the detector's roles then stand, and the import works as without
 * a provider.
 */
export type ColumnRefiner = (request: RefinementRequest) => Promise<RoleSuggestion[]>;

/** What each role means, for the model (it sees only the roles it may answer). */
const ROLE_HINTS: Record<ColumnRole, string> = {
  date: 'date of the execution, possibly with its time',
  time: 'time of day of the execution, in a column of its own',
  symbol: "the instrument's ticker or symbol",
  side: 'buy or sell (also short, cover, B/S)',
  quantity: 'number of shares, contracts or units filled',
  price: 'price per share, contract or unit',
  commission: 'commission charged for the execution',
  fees: 'other fees (exchange, regulatory, clearing); several columns may hold fees',
  amount: 'net cash amount or proceeds of the execution',
  account: 'brokerage account name or number',
  currency: 'ISO currency code',
  assetClass: 'asset class or security type (stock, option, future, …)',
  underlying: "an option's or future's underlying symbol",
  expiry: 'expiry date of an option or future',
  strike: 'strike price of an option',
  optionRight: 'call or put',
  multiplier: 'contract multiplier',
  execId: "the broker's execution or trade id",
  orderId: "the broker's order id",
  description: 'free-text description of the instrument or transaction',
  type: 'transaction type or category (trade, dividend, transfer, …)',
  status: 'order or execution status (filled, cancelled, …)',
  openClose: 'opening or closing flag (open/close, O/C)',
  settleDate: 'settlement date',
  balance: 'running cash balance',
  ignore: 'none of these, or not needed to import the executions',
};

/**
 * The chat for one refinement: the instructions and allowed roles, then the columns as JSON
 * (index, header and up to five masked sample values each), nothing else from the file.
 */
export function toRefinementMessages(request: RefinementRequest): ChatMessage[] {
  const roles = request.allowedRoles.map((role) => `- ${role}: ${ROLE_HINTS[role]}`).join('\n');
  const system = [
    "You label the columns of a broker's trade-history export so its executions can be imported.",
    `Each column comes with its index, its header and up to ${MAX_REFINEMENT_SAMPLES} sample values; long digit runs are masked with #.`,
    'Give each column one role from this list, with how sure you are from 0 to 1:',
    roles,
    'Every role except "fees" and "ignore" belongs to at most one column.',
    'When the header and values do not make a role clear, give a low confidence instead of guessing.',
    'Answer with one JSON object and nothing else, in this form:',
    '{"columns":[{"index":0,"role":"ignore","confidence":0.5}]}',
  ].join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: JSON.stringify({ columns: request.columns }) },
  ];
}

export type RefinerLog = (details: Record<string, unknown>, message: string) => void;

const FALLBACK = "Language-model column refinement failed; the detector's roles stand";

/** A refiner over a chat client; failures are logged as warnings (never with the API key). */
export function createColumnRefiner(params: { chat: ChatClient; warn: RefinerLog }): ColumnRefiner {
  const { chat, warn } = params;
  return async (request) => {
    try {
      const result = await chat.complete({ messages: toRefinementMessages(request), isJson: true });
      if (!result.ok) {
        warn({ model: chat.model, failure: result.failure.kind, detail: result.failure.message }, FALLBACK);
        return [];
      }
      const parsed = parseRoleSuggestions(result.content, request);
      if (!parsed.ok) {
        warn({ model: chat.model, failure: 'answer', detail: parsed.reason }, FALLBACK);
        return [];
      }
      if (parsed.droppedCount > 0)
        warn({ model: chat.model, dropped: parsed.droppedCount }, 'Language-model column suggestions ignored');
      return parsed.suggestions;
    } catch (err) {
      // An optional second opinion: even a bug here must not fail the upload.
      warn({ model: chat.model, err }, FALLBACK);
      return [];
    }
  };
}
