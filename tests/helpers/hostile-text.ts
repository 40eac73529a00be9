/** A value a guest might type, that HTML must show as text: a script tag, quotes and an ampersand. */
export const hostileText = (field: string) => `${field} <script>alert(1)</script> "quotes" & ampersands`;
/** `hostileText(field)` as it must appear in HTML. */
export const escapedHostileText = (field: string) =>
  `${field} &lt;script&gt;alert(1)&lt;/script&gt; &quot;quotes&quot; &amp; ampersands`;
