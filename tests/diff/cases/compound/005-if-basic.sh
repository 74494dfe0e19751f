if true; then echo yes; fi
if false; then echo no; fi
if false; then echo no; else echo else-branch; fi
