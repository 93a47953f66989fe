// Applies the saved or system colour scheme before the first paint, so dark mode never flashes light.
(function () {
  try {
    var saved = localStorage.getItem('edgebook-theme');
    var dark = saved ? saved === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
    document.documentElement.classList.toggle('dark', dark);
  } catch {
    /* storage blocked: stay light */
  }
})();
