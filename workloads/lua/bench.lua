-- A longer Lua program, so that the interpreter's own code dominates the
-- run time (the other scripts finish in a few milliseconds): fannkuch
-- permutations, a spectral-norm power iteration, string building and
-- matching, hash tables with string keys, closures and sorting.
local function fannkuch(n)
  local perm, perm1, count = {}, {}, {}
  local maxflips, checksum, r, nperm = 0, 0, n, 0
  for i = 0, n - 1 do perm1[i] = i end
  while true do
    while r ~= 1 do count[r - 1] = r; r = r - 1 end
    for i = 0, n - 1 do perm[i] = perm1[i] end
    local flips = 0
    local k = perm[0]
    while k ~= 0 do
      local i, j = 0, k
      while i < j do perm[i], perm[j] = perm[j], perm[i]; i = i + 1; j = j - 1 end
      flips = flips + 1
      k = perm[0]
    end
    if flips > maxflips then maxflips = flips end
    checksum = checksum + (nperm % 2 == 0 and flips or -flips)
    while true do
      if r == n then return checksum, maxflips end
      local p0 = perm1[0]
      for i = 0, r - 1 do perm1[i] = perm1[i + 1] end
      perm1[r] = p0
      count[r] = count[r] - 1
      if count[r] > 0 then break end
      r = r + 1
    end
    nperm = nperm + 1
  end
end
print("fannkuch", fannkuch(9))

local function spectral(n)
  local function a(i, j) local ij = i + j - 1; return 1.0 / (ij * (ij - 1) * 0.5 + i) end
  local function av(x, y) for i = 1, n do local s = 0 for j = 1, n do s = s + a(i, j) * x[j] end y[i] = s end end
  local function atv(x, y) for i = 1, n do local s = 0 for j = 1, n do s = s + a(j, i) * x[j] end y[i] = s end end
  local u, v, t = {}, {}, {}
  for i = 1, n do u[i] = 1 end
  for _ = 1, 10 do av(u, t); atv(t, v); av(v, t); atv(t, u) end
  local vbv, vv = 0, 0
  for i = 1, n do vbv = vbv + u[i] * v[i]; vv = vv + v[i] * v[i] end
  return math.sqrt(vbv / vv)
end
print("spectral", string.format("%.9f", spectral(160)))

local parts = {}
for i = 1, 20000 do parts[#parts + 1] = string.format("%d:%x", i, i * 2654435761 % 4294967296) end
local text = table.concat(parts, ";")
local n, sum = 0, 0
for a, b in text:gmatch("(%d+):(%x+)") do n = n + 1; sum = (sum + tonumber(b, 16) * #a) % 1000000007 end
print("strings", #text, n, sum)

local counts = {}
for i = 1, 60000 do
  local k = "k" .. (i * 7919 % 5003)
  counts[k] = (counts[k] or 0) + 1
end
local keys = {}
for k, c in pairs(counts) do keys[#keys + 1] = k .. "=" .. c end
table.sort(keys)
print("hash", #keys, keys[1], keys[#keys])

local function make(n) local f = function(x) return x + n end return f end
local acc = 0
for i = 1, 100000 do acc = (acc + make(i)(i)) % 65536 end
print("closures", acc)
