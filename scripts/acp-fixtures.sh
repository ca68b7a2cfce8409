#!/usr/bin/env bash
# Installs the ACP test fixtures from their lockfile (idempotent): the ACP SDK's example agent
# (`@agentclientprotocol/sdk` 0.29.0, `dist/examples/agent.js`) that daemon/tests/acp.rs and
# scripts/acp-chat-once.sh run behind the daemon.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../daemon/tests/acp"
npm ci --no-audit --no-fund --loglevel=error
