# Reference for TestStyleFitAgainstReference: the style-controlled
# Bradley-Terry fit by Newton's method on numerical derivatives (central
# differences) of the penalised log-likelihood, written out directly.
import math
votes = [  # (a, b, s, style_a, style_b); style = (tokens, headers, bold, lists)
 ("A","B",1.0,(200,1,0,3),(100,0,0,1)),
 ("B","A",1.0,(300,0,2,0),(150,0,0,0)),
 ("A","C",1.0,(100,0,1,0),(100,0,0,0)),
 ("C","B",1.0,(400,2,0,5),(100,0,0,0)),
 ("A","C",0.5,(120,0,0,0),(240,0,0,2)),
 ("B","C",1.0,(250,1,1,0),(200,0,1,0)),
 ("C","A",1.0,(500,0,3,4),(100,0,0,0)),
 ("A","B",1.0,(220,0,0,0),(180,1,0,0)),
 ("B","A",0.5,(90,0,0,0),(110,0,0,0)),
 ("C","B",1.0,(80,0,0,0),(160,0,0,0)),
]
names = ["A","B","C"]; n = 3; m = n + 4
prior, ridge = 1.0, 0.1
def diff(x, y):
    return [ (x[k]-y[k])/(x[k]+y[k]) if x[k]+y[k] > 0 else 0.0 for k in range(4)]
def logsig(z):
    return -math.log1p(math.exp(-z)) if z > 0 else z - math.log1p(math.exp(z))
def ll(w):
    l = 0.0
    for a, b, s, sa, sb in votes:
        z = w[names.index(a)] - w[names.index(b)] + sum(w[n+k]*d for k, d in enumerate(diff(sa, sb)))
        l += s*logsig(z) + (1-s)*logsig(-z)
    for i in range(n):
        l += prior*(0.5*logsig(w[i]) + 0.5*logsig(-w[i]))
    for k in range(4):
        l -= ridge/2*w[n+k]**2
    return l
def solve(A, b):
    M = [row[:] + [b[i]] for i, row in enumerate(A)]
    for c in range(m):
        p = max(range(c, m), key=lambda r: abs(M[r][c])); M[c], M[p] = M[p], M[c]
        for r in range(m):
            if r != c:
                f = M[r][c]/M[c][c]
                M[r] = [M[r][j]-f*M[c][j] for j in range(m+1)]
    return [M[i][m]/M[i][i] for i in range(m)]
w = [0.0]*m; h = 1e-4
for it in range(60):
    def at(i, e):
        v = w[:]; v[i] += e; return v
    g = [(ll(at(i, h))-ll(at(i, -h)))/(2*h) for i in range(m)]
    H = [[0.0]*m for _ in range(m)]
    for i in range(m):
        for j in range(m):
            def f(di, dj):
                v = w[:]; v[i] += di; v[j] += dj; return ll(v)
            H[i][j] = (f(h,h)-f(h,-h)-f(-h,h)+f(-h,-h))/(4*h*h)
    step = solve([[-x for x in r] for r in H], g)
    w = [w[i]+step[i] for i in range(m)]
scale = 400/math.log(10)
mean = sum(w[:n])/n
print("gradient max", max(abs((ll([w[j]+(h if j==i else 0) for j in range(m)])-ll([w[j]-(h if j==i else 0) for j in range(m)]))/(2*h)) for i in range(m)))
for i in range(n): print(names[i], "%.4f" % (1000+scale*(w[i]-mean)))
for k, nm in enumerate(["length","headers","bold","lists"]): print(nm, "beta %.6f" % w[n+k], "points/doubling %.4f" % (scale*w[n+k]/3))
