-- Headless Neovim (0.7+) as a second LSP client: open a sample with the
-- Halcyon Aces server attached, read back its diagnostics and a hover, write
-- them to $ACES_NVIM_OUT, quit. Uses start_client/buf_attach_client, which
-- exist in 0.7 (vim.lsp.start only arrived in 0.8).
local out = os.getenv('ACES_NVIM_OUT')
local server = os.getenv('ACES_SERVER')
local file = os.getenv('ACES_FILE')
local hl = tonumber(os.getenv('ACES_HOVER_LINE'))
local hc = tonumber(os.getenv('ACES_HOVER_CHAR'))
local lines = {}
local function finish()
  vim.fn.writefile(lines, out)
  vim.cmd('qall!')
end
local ok, err = pcall(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  local id = vim.lsp.start_client({
    name = 'aces',
    cmd = { os.getenv('ACES_NODE') or 'node', server, '--stdio' },
    root_dir = vim.fn.fnamemodify(file, ':h'),
    init_options = { validation = { debounceMs = 10 } },
  })
  table.insert(lines, 'client ' .. tostring(id))
  vim.lsp.buf_attach_client(buf, id)
  vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or '?'
    table.insert(lines, string.format('diagnostic %d:%d %s %s', d.lnum, d.col, tostring(code), (d.message:gsub('\n', ' '))))
  end
  local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = hl, character = hc } }
  local res = vim.lsp.buf_request_sync(buf, 'textDocument/hover', params, 20000) or {}
  for _, r in pairs(res) do
    if r.result and r.result.contents then
      local value = r.result.contents.value or vim.inspect(r.result.contents)
      for _, l in ipairs(vim.split(value, '\n', true)) do table.insert(lines, 'hover ' .. l) end
    elseif r.err then
      table.insert(lines, 'hover-error ' .. vim.inspect(r.err))
    end
  end
  -- run an encounter through the server (aces/runEncounter): any LSP editor can run a fight
  local run_uri = os.getenv('ACES_RUN_URI')
  if run_uri then
    local rp = { uri = run_uri, encounter = os.getenv('ACES_RUN_ENCOUNTER'), seed = tonumber(os.getenv('ACES_RUN_SEED')) }
    local rr = vim.lsp.buf_request_sync(buf, 'aces/runEncounter', rp, 20000) or {}
    for _, r in pairs(rr) do
      if r.result and r.result ~= vim.NIL then
        for _, l in ipairs(r.result.lines) do
          for _, sub in ipairs(vim.split(l, '\n', true)) do table.insert(lines, 'run ' .. sub) end
        end
        table.insert(lines, 'outcome ' .. r.result.outcome)
      else
        table.insert(lines, 'run-error ' .. vim.inspect(r.err or r.result))
      end
    end
  end
  -- a code lens as Neovim runs one (vim.lsp.codelens): a command the server lists in executeCommandProvider,
  -- sent back as workspace/executeCommand (Neovim has no handler of its own for aces.runEncounter)
  local client = vim.lsp.get_client_by_id(id)
  local provider = client.server_capabilities.executeCommandProvider
  for _, c in ipairs(type(provider) == 'table' and provider.commands or {}) do table.insert(lines, 'server-command ' .. c) end
  local lr = vim.lsp.buf_request_sync(buf, 'textDocument/codeLens', { textDocument = { uri = vim.uri_from_bufnr(buf) } }, 20000) or {}
  for _, r in pairs(lr) do
    for _, lens in ipairs(r.result or {}) do
      if lens.command and lens.command.command == 'aces.runEncounter' then
        local er = vim.lsp.buf_request_sync(buf, 'workspace/executeCommand', lens.command, 20000) or {}
        for _, x in pairs(er) do
          if x.result and x.result ~= vim.NIL then
            table.insert(lines, string.format('lens-run %s %d %s', x.result.encounter, #x.result.lines, x.result.outcome))
          else
            table.insert(lines, 'lens-error ' .. vim.inspect(x.err or x.result))
          end
        end
      end
    end
  end
  vim.lsp.stop_client(id, true)
end)
if not ok then table.insert(lines, 'lua-error ' .. tostring(err)) end
finish()
