(function () {
  'use strict';
  var ballot = document.querySelector('meta[name="atelier-ballot"]').content;
  var qs = Array.prototype.slice.call(document.querySelectorAll('.question'));
  var rater = document.getElementById('rater');
  var save = document.getElementById('save');
  var status = document.getElementById('status');
  var votes = {};
  var cur = 0;
  var typed = '';

  function words(v, letters) {
    if (v === 'tie') return 'tie';
    if (v === 'both_bad') return letters.length === 2 ? 'both bad' : 'all bad';
    if (v.length === 1) return v.toUpperCase() + ' better';
    return v.split('').join(' > ');
  }
  function fileName() {
    var who = rater.value.trim().replace(/[^A-Za-z0-9_-]+/g, '-') || 'rater';
    return 'votes-' + ballot + '-' + who + '.json';
  }
  function refresh() {
    qs.forEach(function (q, i) {
      var v = votes[+q.dataset.n];
      q.classList.toggle('current', i === cur);
      var line = q.querySelector('.verdict');
      if (i === cur && typed) line.textContent = 'ranking: ' + typed.split('').join(' > ') + ' (Enter records it)';
      else line.textContent = v ? 'your vote: ' + words(v, q.dataset.letters) : '';
      q.querySelectorAll('button[data-v]').forEach(function (b) { b.classList.toggle('on', b.dataset.v === v); });
    });
    var list = Object.keys(votes).map(Number).sort(function (a, b) { return a - b; })
      .map(function (n) { return { question: n, verdict: votes[n] }; });
    status.textContent = list.length + ' of ' + qs.length + ' answered';
    var doc = { ballot: ballot, rater: rater.value.trim(), votes: list };
    if (save.href.indexOf('blob:') === 0) URL.revokeObjectURL(save.href);
    save.href = URL.createObjectURL(new Blob([JSON.stringify(doc, null, 2) + '\n'], { type: 'application/json' }));
    save.download = fileName();
  }
  function go(i) {
    cur = Math.max(0, Math.min(qs.length - 1, i));
    typed = '';
    refresh();
    qs[cur].scrollIntoView({ block: 'nearest' });
  }
  function cast(v) {
    votes[+qs[cur].dataset.n] = v;
    typed = '';
    if (cur < qs.length - 1) go(cur + 1); else refresh();
  }
  function letter(l) {
    var letters = qs[cur].dataset.letters;
    if (letters.indexOf(l) < 0 || typed.indexOf(l) >= 0) return;
    typed += l;
    refresh();
  }
  function saveVotes(e) {
    if (!rater.value.trim()) {
      if (e) e.preventDefault();
      status.textContent = 'write your name first: the votes file names its rater';
      rater.focus();
      return;
    }
    refresh();
    if (!e) save.click();
  }
  qs.forEach(function (q, i) {
    q.addEventListener('click', function () { if (cur !== i) go(i); });
    q.querySelectorAll('button[data-v]').forEach(function (b) {
      b.addEventListener('click', function (e) { e.stopPropagation(); cur = i; cast(b.dataset.v); });
    });
    q.querySelectorAll('button[data-letter]').forEach(function (b) {
      b.addEventListener('click', function (e) { e.stopPropagation(); if (cur !== i) go(i); letter(b.dataset.letter); });
    });
  });
  save.addEventListener('click', saveVotes);
  rater.addEventListener('input', refresh);
  document.addEventListener('keydown', function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target === rater) { if (e.key === 'Enter' || e.key === 'Escape') rater.blur(); return; }
    var letters = qs[cur].dataset.letters;
    var k = e.key;
    if (k === 'j' || k === 'ArrowDown') go(cur + 1);
    else if (k === 'k' || k === 'ArrowUp') go(cur - 1);
    else if (k === 't') cast('tie');
    else if (k === 'x') cast('both_bad');
    else if (k === 's') saveVotes(null);
    else if (k === 'n') rater.focus();
    else if (k === 'Escape') { typed = ''; refresh(); }
    else if (k === 'Backspace') { typed = typed.slice(0, -1); refresh(); }
    else if (k === 'Enter' && typed.length === letters.length) cast(typed);
    else if (letters.length === 2 && (k === 'a' || k === 'b')) cast(k);
    else if (letters.length > 2 && /^[a-dA-D]$/.test(k)) letter(k.toUpperCase());
    else return;
    e.preventDefault();
  });
  go(0);
})();
