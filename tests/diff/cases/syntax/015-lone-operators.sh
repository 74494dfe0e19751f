echo before
&& echo never
