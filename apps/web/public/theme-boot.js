// Applies the saved theme before the first paint (an external file: the CSP forbids inline scripts).
;(() => {
  try {
    const saved = localStorage.getItem('parley-theme')
    if (saved === 'light' || saved === 'dark') document.documentElement.dataset.theme = saved
  } catch {
    // Storage may be unavailable (privacy mode); the system theme applies.
  }
})()
