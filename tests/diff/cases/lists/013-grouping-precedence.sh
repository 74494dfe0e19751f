false && echo no; echo yes
true || echo no; echo always
