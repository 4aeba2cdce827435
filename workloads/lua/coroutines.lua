-- Coroutines, generators, varargs, goto, integer loops, recursion.
local function gen(n)
  return coroutine.wrap(function()
    for i = 1, n do coroutine.yield(i * i) end
  end)
end
local sum = 0
for v in gen(1000) do sum = sum + v end
print("squares", sum)
local co = coroutine.create(function(a, b)
  local c = coroutine.yield(a + b)
  local d, e = coroutine.yield(c * 2)
  return d + e
end)
print(coroutine.resume(co, 1, 2))
print(coroutine.resume(co, 10))
print(coroutine.resume(co, 3, 4))
print(coroutine.status(co), coroutine.resume(co))
local function va(...) return select("#", ...), ... end
print(va(1, nil, 3))
local function fib(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end
print("fib", fib(25))
local i = 0
::top::
i = i + 1
if i < 10 then goto top end
print("goto", i)
local primes = {}
for n = 2, 3000 do
  local p = true
  for d = 2, math.floor(math.sqrt(n)) do if n % d == 0 then p = false; break end end
  if p then primes[#primes + 1] = n end
end
print("primes", #primes, primes[#primes])
