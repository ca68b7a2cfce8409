// Generated from protocol.toml. Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

import AgentWire
import XCTest

/// Every example of the spec decodes strictly and re-encodes to the same JSON.
final class GeneratedExampleTests: XCTestCase {
    func testOperationInitializeExample1() throws {
        try assertRoundTrip(Operations.Initialize.Request.self, "{\"requested_capabilities\":[],\"supported_protocol_versions\":[2]}")
        try assertRoundTrip(Operations.Initialize.Response.self, "{\"capabilities\":{\"activity\":{\"activity_replay\":false,\"approvals\":false,\"events\":true,\"max_summary_bytes\":2048,\"mcp_server_lifecycle\":false,\"mcp_tool_activity\":true,\"raw_tool_output\":false,\"steering\":false,\"subagents\":true},\"events\":[\"turn.started\",\"turn.assistant_delta\",\"turn.activity\",\"turn.terminal\",\"auth.login.progress\",\"auth.login.terminal\"],\"limits\":{\"cancel_grace_ms\":2000,\"framing_timeout_ms\":10000,\"handshake_timeout_ms\":5000,\"max_active_turns\":8,\"max_array_items\":64,\"max_catalog_page_items\":32,\"max_connections\":64,\"max_error_message_bytes\":512,\"max_id_bytes\":128,\"max_inflight_requests\":32,\"max_json_depth\":32,\"max_name_bytes\":64,\"max_negotiation_items\":8,\"max_object_fields\":64,\"max_payload_bytes\":32768,\"max_record_bytes\":65536,\"max_retained_operations\":4096,\"max_session_attachments\":16,\"max_session_list_scan_entries\":20000,\"max_session_page_items\":32,\"max_session_replay_page_bytes\":16384,\"max_session_replay_window_bytes\":2097152,\"max_snapshot_text_bytes\":16384,\"max_string_bytes\":16384,\"operation_retention_ms\":600000,\"operation_tombstone_ms\":3600000,\"turn_event_queue_items\":256},\"operations\":[\"initialize\",\"status\",\"capabilities\",\"auth.status\",\"auth.login.start\",\"auth.login.callback\",\"auth.login.cancel\",\"auth.logout\",\"catalog.providers\",\"catalog.models\",\"catalog.refresh\",\"config.get\",\"config.set\",\"session.list\",\"session.create\",\"session.replay\",\"session.claim\",\"session.detach\",\"session.status\",\"turn.start\",\"turn.cancel\",\"operation.lookup\"],\"protocol_versions\":[2],\"transports\":[\"unix\"]},\"connection_id\":\"cn_0123456789abcdef\",\"instance_id\":\"in_0123456789abcdef\",\"limits\":{\"cancel_grace_ms\":2000,\"framing_timeout_ms\":10000,\"handshake_timeout_ms\":5000,\"max_active_turns\":8,\"max_array_items\":64,\"max_catalog_page_items\":32,\"max_connections\":64,\"max_error_message_bytes\":512,\"max_id_bytes\":128,\"max_inflight_requests\":32,\"max_json_depth\":32,\"max_name_bytes\":64,\"max_negotiation_items\":8,\"max_object_fields\":64,\"max_payload_bytes\":32768,\"max_record_bytes\":65536,\"max_retained_operations\":4096,\"max_session_attachments\":16,\"max_session_list_scan_entries\":20000,\"max_session_page_items\":32,\"max_session_replay_page_bytes\":16384,\"max_session_replay_window_bytes\":2097152,\"max_snapshot_text_bytes\":16384,\"max_string_bytes\":16384,\"operation_retention_ms\":600000,\"operation_tombstone_ms\":3600000,\"turn_event_queue_items\":256},\"protocol_version\":2,\"server_version\":\"0.1.0\",\"state_root_id\":\"sr_0123456789abcdef0123456789abcdef\",\"workspace_id\":\"ws_0123456789abcdef0123456789abcdef\"}")
    }

    func testOperationStatusExample1() throws {
        try assertRoundTrip(Operations.Status.Request.self, "{}")
        try assertRoundTrip(Operations.Status.Response.self, "{\"admitted_operations\":0,\"connected_clients\":1,\"instance_id\":\"in_0123456789abcdef\",\"provider_auth_ready\":false,\"service\":\"ready\",\"state_root_id\":\"sr_0123456789abcdef0123456789abcdef\",\"workspace_id\":\"ws_0123456789abcdef0123456789abcdef\"}")
    }

    func testOperationCapabilitiesExample1() throws {
        try assertRoundTrip(Operations.Capabilities.Request.self, "{}")
        try assertRoundTrip(Operations.Capabilities.Response.self, "{\"activity\":{\"activity_replay\":false,\"approvals\":false,\"events\":true,\"max_summary_bytes\":2048,\"mcp_server_lifecycle\":false,\"mcp_tool_activity\":true,\"raw_tool_output\":false,\"steering\":false,\"subagents\":true},\"events\":[\"turn.started\",\"turn.assistant_delta\",\"turn.activity\",\"turn.terminal\",\"auth.login.progress\",\"auth.login.terminal\"],\"limits\":{\"cancel_grace_ms\":2000,\"framing_timeout_ms\":10000,\"handshake_timeout_ms\":5000,\"max_active_turns\":8,\"max_array_items\":64,\"max_catalog_page_items\":32,\"max_connections\":64,\"max_error_message_bytes\":512,\"max_id_bytes\":128,\"max_inflight_requests\":32,\"max_json_depth\":32,\"max_name_bytes\":64,\"max_negotiation_items\":8,\"max_object_fields\":64,\"max_payload_bytes\":32768,\"max_record_bytes\":65536,\"max_retained_operations\":4096,\"max_session_attachments\":16,\"max_session_list_scan_entries\":20000,\"max_session_page_items\":32,\"max_session_replay_page_bytes\":16384,\"max_session_replay_window_bytes\":2097152,\"max_snapshot_text_bytes\":16384,\"max_string_bytes\":16384,\"operation_retention_ms\":600000,\"operation_tombstone_ms\":3600000,\"turn_event_queue_items\":256},\"operations\":[\"initialize\",\"status\",\"capabilities\",\"auth.status\",\"auth.login.start\",\"auth.login.callback\",\"auth.login.cancel\",\"auth.logout\",\"catalog.providers\",\"catalog.models\",\"catalog.refresh\",\"config.get\",\"config.set\",\"session.list\",\"session.create\",\"session.replay\",\"session.claim\",\"session.detach\",\"session.status\",\"turn.start\",\"turn.cancel\",\"operation.lookup\"],\"protocol_versions\":[2],\"transports\":[\"unix\"]}")
    }

    func testOperationAuthStatusExample1() throws {
        try assertRoundTrip(Operations.AuthStatus.Request.self, "{}")
        try assertRoundTrip(Operations.AuthStatus.Response.self, "{\"providers\":[{\"auth_method\":\"oauth\",\"provider_id\":\"openai-codex\",\"readiness\":\"missing\",\"ready\":false,\"source\":\"shared_store\"},{\"auth_method\":\"api_key\",\"provider_id\":\"anthropic\",\"readiness\":\"ready\",\"ready\":true,\"source\":\"environment\"}]}")
    }

    func testOperationAuthLoginStartExample1() throws {
        try assertRoundTrip(Operations.AuthLoginStart.Request.self, "{\"provider_id\":\"openai-codex\"}")
        try assertRoundTrip(Operations.AuthLoginStart.Response.self, "{\"login_id\":\"login-1\",\"provider_id\":\"openai-codex\",\"status\":\"started\"}")
    }

    func testOperationAuthLoginCallbackExample1() throws {
        try assertRoundTrip(Operations.AuthLoginCallback.Request.self, "{\"input\":\"http://127.0.0.1:1455/auth/callback?code=abc&state=xyz\",\"login_id\":\"login-1\"}")
        try assertRoundTrip(Operations.AuthLoginCallback.Response.self, "{\"login_id\":\"login-1\",\"status\":\"submitted\"}")
    }

    func testOperationAuthLoginCancelExample1() throws {
        try assertRoundTrip(Operations.AuthLoginCancel.Request.self, "{\"login_id\":\"login-1\"}")
        try assertRoundTrip(Operations.AuthLoginCancel.Response.self, "{\"login_id\":\"login-1\",\"status\":\"cancellation_requested\"}")
    }

    func testOperationAuthLogoutExample1() throws {
        try assertRoundTrip(Operations.AuthLogout.Request.self, "{\"confirmed\":true,\"provider_id\":\"anthropic\"}")
        try assertRoundTrip(Operations.AuthLogout.Response.self, "{\"environment_unchanged\":true,\"provider_id\":\"anthropic\",\"removed\":true,\"status\":\"logged_out\"}")
    }

    func testOperationCatalogProvidersExample1() throws {
        try assertRoundTrip(Operations.CatalogProviders.Request.self, "{\"limit\":32,\"offset\":0}")
        try assertRoundTrip(Operations.CatalogProviders.Response.self, "{\"entries\":[{\"label\":\"anthropic\",\"provider_id\":\"anthropic\"},{\"label\":\"openai-codex\",\"provider_id\":\"openai-codex\"}],\"next_offset\":null,\"refresh\":\"cache_only\"}")
    }

    func testOperationCatalogModelsExample1() throws {
        try assertRoundTrip(Operations.CatalogModels.Request.self, "{\"limit\":32,\"offset\":0,\"provider_id\":\"anthropic\"}")
        try assertRoundTrip(Operations.CatalogModels.Response.self, "{\"entries\":[{\"available\":true,\"available_thinking_levels\":[\"default\",\"high\"],\"context_window\":null,\"label\":\"Example model\",\"max_output_tokens\":null,\"model_id\":\"claude-example\",\"provider_id\":\"anthropic\"}],\"next_offset\":null,\"refresh\":\"cache_only\",\"state\":\"fresh_cache\"}")
    }

    func testOperationCatalogRefreshExample1() throws {
        try assertRoundTrip(Operations.CatalogRefresh.Request.self, "{\"provider_id\":\"anthropic\"}")
        try assertRoundTrip(Operations.CatalogRefresh.Response.self, "{\"provider_id\":\"anthropic\",\"state\":\"fresh_cache\"}")
    }

    func testOperationConfigGetExample1() throws {
        try assertRoundTrip(Operations.ConfigGet.Request.self, "{}")
        try assertRoundTrip(Operations.ConfigGet.Response.self, "{\"available_thinking_levels\":[\"default\",\"high\"],\"configured_thinking_level\":\"high\",\"fast\":false,\"global_only\":[\"fast\"],\"precedence\":[\"environment\",\"project\",\"global\"],\"selection\":{\"model_id\":\"claude-example\",\"provider_id\":\"anthropic\"},\"thinking_level\":\"high\",\"writable_scopes\":[\"global\",\"project\"]}")
    }

    func testOperationConfigSetExample1() throws {
        try assertRoundTrip(Operations.ConfigSet.Request.self, "{\"scope\":\"project\",\"selection\":{\"model_id\":\"claude-example\",\"provider_id\":\"anthropic\"},\"thinking_level\":\"high\"}")
        try assertRoundTrip(Operations.ConfigSet.Response.self, "{\"effective\":{\"available_thinking_levels\":[\"default\",\"high\"],\"configured_thinking_level\":\"high\",\"fast\":false,\"global_only\":[\"fast\"],\"precedence\":[\"environment\",\"project\",\"global\"],\"selection\":{\"model_id\":\"claude-example\",\"provider_id\":\"anthropic\"},\"thinking_level\":\"high\",\"writable_scopes\":[\"global\",\"project\"]},\"persisted\":true,\"scope\":\"project\"}")
    }

    func testOperationSessionListExample1() throws {
        try assertRoundTrip(Operations.SessionList.Request.self, "{\"after\":null,\"all_workspaces\":false,\"limit\":32}")
        try assertRoundTrip(Operations.SessionList.Response.self, "{\"incomplete\":false,\"next_after\":\"s-01\",\"sessions\":[{\"session_id\":\"s-01\",\"title\":null,\"updated_at\":\"2026-11-30T08:00:00Z\",\"workspace\":\"/home/user/project\"}],\"truncated\":false}")
    }

    func testOperationSessionCreateExample1() throws {
        try assertRoundTrip(Operations.SessionCreate.Request.self, "{}")
        try assertRoundTrip(Operations.SessionCreate.Response.self, "{\"session_id\":\"s-01\"}")
    }

    func testOperationSessionReplayExample1() throws {
        try assertRoundTrip(Operations.SessionReplay.Request.self, "{\"after\":null,\"limit\":32}")
        try assertRoundTrip(Operations.SessionReplay.Response.self, "{\"events\":[{\"cursor\":\"c1\",\"kind\":\"message\",\"last_part\":true,\"part\":0,\"role\":\"user\",\"text\":\"Question\"},{\"cursor\":\"c2\",\"kind\":\"message\",\"last_part\":true,\"part\":0,\"role\":\"assistant\",\"text\":\"Partial answer\"},{\"cursor\":\"c3\",\"kind\":\"terminal\",\"status\":\"cancelled\"}],\"gap\":false,\"next_cursor\":\"c3\",\"resync_required\":false,\"snapshot_cursor\":\"c3\",\"truncated\":false}")
    }

    func testOperationSessionClaimExample1() throws {
        try assertRoundTrip(Operations.SessionClaim.Request.self, "{\"take_over\":false}")
        try assertRoundTrip(Operations.SessionClaim.Response.self, "{\"claim_id\":\"cl-1\",\"grant_generation\":1,\"live_sequence\":1,\"session_id\":\"s-01\",\"snapshot\":{\"replay_cursor\":\"c0\",\"state\":\"idle\",\"turn\":null}}")
    }

    func testOperationSessionDetachExample1() throws {
        try assertRoundTrip(Operations.SessionDetach.Request.self, "{}")
        try assertRoundTrip(Operations.SessionDetach.Response.self, "{\"live_sequence\":2,\"session_id\":\"s-01\",\"status\":\"detached\"}")
    }

    func testOperationSessionStatusExample1() throws {
        try assertRoundTrip(Operations.SessionStatus.Request.self, "{}")
        try assertRoundTrip(Operations.SessionStatus.Response.self, "{\"controlled\":true,\"controlled_by_caller\":true,\"grant_generation\":1,\"live_sequence\":1,\"session_id\":\"s-01\",\"turn\":null}")
    }

    func testOperationTurnStartExample1() throws {
        try assertRoundTrip(Operations.TurnStart.Request.self, "{\"prompt\":\"Find the TODOs in this project.\"}")
        try assertRoundTrip(Operations.TurnStart.Response.self, "{\"status\":\"accepted\",\"turn_id\":\"t-1\"}")
    }

    func testOperationTurnCancelExample1() throws {
        try assertRoundTrip(Operations.TurnCancel.Request.self, "{\"turn_id\":\"t-1\"}")
        try assertRoundTrip(Operations.TurnCancel.Response.self, "{\"session_id\":\"s-01\",\"status\":\"cancellation_requested\",\"turn_id\":\"t-1\"}")
    }

    func testOperationOperationLookupExample1() throws {
        try assertRoundTrip(Operations.OperationLookup.Request.self, "{\"operation_id\":\"op-1\"}")
        try assertRoundTrip(Operations.OperationLookup.Response.self, "{\"login_id\":null,\"method\":\"turn.start\",\"operation_id\":\"op-1\",\"outcome\":{\"error\":null,\"status\":\"completed\"},\"session_id\":\"s-01\",\"state\":\"settled\",\"turn_id\":\"t-1\"}")
    }

    func testOperationProfileNegotiateExample1() throws {
        try assertRoundTrip(Operations.ProfileNegotiate.Request.self, "{\"profile\":\"approvals\",\"version\":1}")
        try assertRoundTrip(Operations.ProfileNegotiate.Response.self, "{\"events\":[\"approval.requested\",\"approval.resolved\"],\"limits\":{\"approval_deadline_ms\":600000,\"max_approval_options\":8,\"max_pending_approvals\":16,\"max_pending_approvals_per_session\":4},\"operations\":[\"approval.respond\"],\"profile\":\"approvals\",\"version\":1}")
    }

    func testOperationApprovalRespondExample1() throws {
        try assertRoundTrip(Operations.ApprovalRespond.Request.self, "{\"approval_id\":\"ap-1\",\"option_id\":\"allow\"}")
        try assertRoundTrip(Operations.ApprovalRespond.Response.self, "{\"approval_id\":\"ap-1\",\"option_id\":\"allow\",\"option_kind\":\"allow-once\"}")
    }

    func testEventTurnStartedExample1() throws {
        try assertRoundTrip(TurnStarted.self, "{\"sequence\":0,\"session_id\":\"s-01\",\"status\":\"started\",\"turn_id\":\"t-1\"}")
    }

    func testEventTurnAssistantDeltaExample1() throws {
        try assertRoundTrip(TurnAssistantDelta.self, "{\"sequence\":1,\"text\":\"partial assistant text\",\"turn_id\":\"t-1\"}")
    }

    func testEventTurnActivityExample1() throws {
        try assertRoundTrip(TurnActivity.self, "{\"activity\":{\"activity_id\":\"act_4f2a\",\"category\":\"subagent_task\",\"details_omitted\":true,\"kind\":\"lifecycle\",\"status\":\"running\"},\"sequence\":2,\"turn_id\":\"t-1\"}")
    }

    func testEventTurnTerminalExample1() throws {
        try assertRoundTrip(TurnTerminal.self, "{\"activity_dropped\":1,\"activity_replay_available\":false,\"assistant_text\":\"The complete answer.\",\"error\":null,\"persistence\":\"committed\",\"replay_required\":true,\"sequence\":4,\"session_id\":\"s-01\",\"status\":\"completed\",\"turn_id\":\"t-1\"}")
    }

    func testEventAuthLoginProgressExample1() throws {
        try assertRoundTrip(LoginProgress.self, "{\"login_id\":\"login-1\",\"open_browser\":true,\"provider_id\":\"openai-codex\",\"state\":\"authorization_url\",\"url\":\"https://auth.example/authorize?state=xyz\"}")
    }

    func testEventAuthLoginProgressExample2() throws {
        try assertRoundTrip(LoginProgress.self, "{\"login_id\":\"login-1\",\"provider_id\":\"openai-codex\",\"state\":\"waiting\"}")
    }

    func testEventAuthLoginTerminalExample1() throws {
        try assertRoundTrip(AuthLoginTerminal.self, "{\"cleanup_complete\":true,\"login_id\":\"login-1\",\"provider_id\":\"openai-codex\",\"state\":\"exchange_succeeded\"}")
    }

    func testEventApprovalRequestedExample1() throws {
        try assertRoundTrip(ApprovalRequested.self, "{\"approval_id\":\"ap-1\",\"arguments\":\"{\\\"path\\\":\\\"config.toml\\\"}\",\"call_id\":\"call-1\",\"change\":{\"new_text\":\"debug = true\\n\",\"old_text\":\"debug = false\\n\",\"path\":\"config.toml\",\"type\":\"diff\"},\"expires_at\":\"2026-01-01T00:10:00Z\",\"kind\":\"edit\",\"options\":[{\"id\":\"allow\",\"kind\":\"allow-once\",\"label\":\"Allow\"},{\"id\":\"reject\",\"kind\":\"reject-once\",\"label\":\"Reject\"}],\"session_id\":\"s-01\",\"title\":\"Edit config.toml\",\"turn_id\":\"t-1\"}")
    }

    func testEventApprovalRequestedExample2() throws {
        try assertRoundTrip(ApprovalRequested.self, "{\"approval_id\":\"ap-2\",\"arguments\":null,\"call_id\":\"call-2\",\"change\":{\"command\":\"cargo test\",\"type\":\"command\"},\"expires_at\":\"2026-01-01T00:10:00Z\",\"kind\":\"execute\",\"options\":[{\"id\":\"always\",\"kind\":\"allow-always\",\"label\":\"Always allow\"},{\"id\":\"no\",\"kind\":\"reject-once\",\"label\":\"Reject\"}],\"session_id\":\"s-01\",\"title\":\"Run the tests\",\"turn_id\":\"t-1\"}")
    }

    func testEventApprovalResolvedExample1() throws {
        try assertRoundTrip(ApprovalResolved.self, "{\"approval_id\":\"ap-1\",\"decided_by\":\"person\",\"option_id\":\"allow\",\"option_kind\":\"allow-once\",\"outcome\":\"selected\",\"session_id\":\"s-01\",\"turn_id\":\"t-1\"}")
    }

    func testEventApprovalResolvedExample2() throws {
        try assertRoundTrip(ApprovalResolved.self, "{\"approval_id\":\"ap-2\",\"decided_by\":\"deadline\",\"option_id\":\"no\",\"option_kind\":\"reject-once\",\"outcome\":\"selected\",\"session_id\":\"s-01\",\"turn_id\":\"t-1\"}")
    }

    func testEventApprovalResolvedExample3() throws {
        try assertRoundTrip(ApprovalResolved.self, "{\"approval_id\":\"ap-3\",\"decided_by\":\"cancel\",\"option_id\":null,\"option_kind\":null,\"outcome\":\"cancelled\",\"session_id\":\"s-01\",\"turn_id\":\"t-1\"}")
    }

    func testSessionMessageExample1() throws {
        try assertRoundTrip(TranscriptMessage.self, "{\"id\":\"a1\",\"role\":\"user\",\"text\":\"Find TODOs\",\"time\":1000,\"type\":\"text\"}")
    }

    func testSessionMessageExample2() throws {
        try assertRoundTrip(TranscriptMessage.self, "{\"args\":{\"pattern\":\"TODO\"},\"callId\":\"c1\",\"description\":\"Searching for `TODO` in project root\",\"id\":\"a4\",\"role\":\"agent\",\"time\":1003,\"title\":\"Searching for TODO\",\"toolName\":\"grep\",\"turn\":\"t1\",\"type\":\"tool-call-start\"}")
    }

    func testSessionMessageExample3() throws {
        try assertRoundTrip(TranscriptMessage.self, "{\"id\":\"a7\",\"role\":\"agent\",\"status\":\"completed\",\"time\":1006,\"turn\":\"t1\",\"type\":\"turn-end\"}")
    }

    func testSessionMessageExample4() throws {
        try assertRoundTrip(TranscriptMessage.self, "{\"callId\":\"c2\",\"id\":\"b5\",\"optionId\":\"allow-once\",\"role\":\"user\",\"time\":2010,\"type\":\"permission-response\"}")
    }
}
