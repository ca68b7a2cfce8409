/**
 * Session message stream helpers (session protocol v2): decode transcript lines — the 11
 * message types, each constrained by `role` — and group the flat stream by `turn`, by
 * `parentId` (the tool call that spawned a message) and by `agentId` (the subagent that produced
 * it). Decoding is tolerant like every consumer path: unknown members are kept as extensions,
 * unknown types/roles and bad values are rejected.
 */

import type {
  SessionMessage,
  SessionMessageAgentPermissionRequest as PermissionRequest,
  SessionMessageAgentToolCallEnd as AgentToolCallEnd,
  SessionMessageAgentToolCallStart as AgentToolCallStart,
  SessionMessageUserPermissionResponse as PermissionResponse,
} from "./generated/types.js";
import { ProtocolError, withRecord } from "./records.js";
import type { DecodeOptions } from "./records.js";
import { SchemaError } from "./runtime/check.js";
import { decodeSessionMessage as decodeMessageValue } from "./generated/validators.js";

export type { AgentToolCallEnd, AgentToolCallStart, PermissionRequest, PermissionResponse, SessionMessage };

/** Decode one message (one transcript line, with or without its newline). */
export function decodeSessionMessageRecord(line: string | Uint8Array, options?: DecodeOptions): SessionMessage {
  return withRecord(line, options, (v) => {
    try {
      return decodeMessageValue(v, false);
    } catch (e) {
      if (e instanceof SchemaError) throw new ProtocolError("payload", e.message, e.path);
      throw e;
    }
  });
}

/** One line that could not be decoded: reported, never fatal to the rest of the transcript. */
export interface TranscriptProblem {
  /** 1-based line number. */
  readonly line: number;
  readonly error: ProtocolError;
}

/**
 * Decode a whole `transcript.jsonl`. A torn or malformed line is skipped and reported (as the
 * service reports it with `gap:true`), never a failure of the whole transcript.
 */
export function parseTranscript(text: string, options?: DecodeOptions): { messages: SessionMessage[]; problems: TranscriptProblem[] } {
  const messages: SessionMessage[] = [];
  const problems: TranscriptProblem[] = [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  lines.forEach((line, i) => {
    try {
      messages.push(decodeSessionMessageRecord(line, options));
    } catch (e) {
      if (!(e instanceof ProtocolError)) throw e;
      problems.push({ line: i + 1, error: e });
    }
  });
  return { messages, problems };
}

/** The turn a message belongs to, if it names one (user messages and some service notes do not). */
export function turnOf(m: SessionMessage): string | undefined {
  return "turn" in m ? m.turn : undefined;
}

/** A key messages can be grouped by. */
export type GroupKey = "turn" | "parentId" | "agentId";

/**
 * Group messages by `turn`, `parentId` or `agentId`, keeping stream order inside each group and
 * first-appearance order between groups. Messages without the key are grouped under `null`.
 */
export function groupBy(messages: Iterable<SessionMessage>, key: GroupKey): Map<string | null, SessionMessage[]> {
  const groups = new Map<string | null, SessionMessage[]>();
  for (const m of messages) {
    const k = key === "turn" ? turnOf(m) : m[key];
    const id = k ?? null;
    let group = groups.get(id);
    if (group === undefined) groups.set(id, (group = []));
    group.push(m);
  }
  return groups;
}

export const groupByTurn = (messages: Iterable<SessionMessage>): Map<string | null, SessionMessage[]> => groupBy(messages, "turn");
export const groupByParent = (messages: Iterable<SessionMessage>): Map<string | null, SessionMessage[]> => groupBy(messages, "parentId");
export const groupByAgent = (messages: Iterable<SessionMessage>): Map<string | null, SessionMessage[]> => groupBy(messages, "agentId");

/** Everything the stream says about one tool call, joined by `callId`. */
export interface ToolCall {
  readonly callId: string;
  start?: AgentToolCallStart;
  end?: AgentToolCallEnd;
  readonly permissionRequests: PermissionRequest[];
  readonly permissionResponses: PermissionResponse[];
  /** Messages spawned by this call (`parentId === callId`), in stream order. */
  readonly children: SessionMessage[];
}

/** Join tool-call starts, ends, permission requests/responses and spawned messages by call ID. */
export function toolCalls(messages: Iterable<SessionMessage>): Map<string, ToolCall> {
  const calls = new Map<string, ToolCall>();
  const call = (callId: string): ToolCall => {
    let c = calls.get(callId);
    if (c === undefined) calls.set(callId, (c = { callId, permissionRequests: [], permissionResponses: [], children: [] }));
    return c;
  };
  for (const m of messages) {
    if (m.parentId !== undefined) call(m.parentId).children.push(m);
    if (m.type === "tool-call-start") call(m.callId).start = m;
    else if (m.type === "tool-call-end") call(m.callId).end = m;
    else if (m.type === "permission-request") call(m.callId).permissionRequests.push(m);
    else if (m.type === "permission-response") call(m.callId).permissionResponses.push(m);
  }
  return calls;
}

/** A message with the messages nested under it. */
export interface MessageNode {
  readonly message: SessionMessage;
  readonly children: MessageNode[];
}

/**
 * Nest the flat stream: a message with a `parentId` goes under the `tool-call-start` whose
 * `callId` it names (at any depth); messages without a known parent are roots, in order.
 */
export function nest(messages: Iterable<SessionMessage>): MessageNode[] {
  const roots: MessageNode[] = [];
  const starts = new Map<string, MessageNode>();
  for (const message of messages) {
    const node: MessageNode = { message, children: [] };
    const parent = message.parentId === undefined ? undefined : starts.get(message.parentId);
    (parent?.children ?? roots).push(node);
    if (message.type === "tool-call-start") starts.set(message.callId, node);
  }
  return roots;
}
