a=; (echo sub)
echo x; (echo y)
f() (echo body); f
x=1 && (echo and)
