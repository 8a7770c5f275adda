// Your turn is easy to miss: when it becomes this player's turn (#turn gets "mine"), the phone plays a short
// chime (Web Audio) and vibrates where it can. The switch in the status bar (#sound-toggle) turns both off
// and on; the choice is kept in this browser.
(() => {
  const KEY = "shuangsheng.turn-signal";
  const VIBRATION_MS = [80, 60, 80];
  let audio = null;
  let wasMine = null;  // unknown until the first status is seen: opening the page is not a new turn

  function enabled() {
    return localStorage.getItem(KEY) !== "off";
  }

  function showSwitch() {
    document.querySelectorAll("[data-sound-toggle]").forEach(button => {
      button.setAttribute("aria-pressed", String(enabled()));
    });
  }

  // Browsers let a page make sounds only after a tap on it; the first tap anywhere opens the audio.
  function openAudio() {
    if (audio || !window.AudioContext) return;
    audio = new AudioContext();
  }

  function chime() {
    if (!audio) return;
    audio.resume();
    const start = audio.currentTime;
    [660, 880].forEach((frequency, i) => {
      const tone = audio.createOscillator();
      const volume = audio.createGain();
      tone.frequency.value = frequency;
      volume.gain.setValueAtTime(0.0001, start + i * 0.12);
      volume.gain.exponentialRampToValueAtTime(0.2, start + i * 0.12 + 0.02);
      volume.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.12 + 0.25);
      tone.connect(volume).connect(audio.destination);
      tone.start(start + i * 0.12);
      tone.stop(start + i * 0.12 + 0.3);
    });
  }

  function signal() {
    if (!enabled()) return;
    navigator.vibrate?.(VIBRATION_MS);
    chime();
  }

  function noticeTurn() {
    const turn = document.getElementById("turn");
    const mine = Boolean(turn?.classList.contains("mine"));
    if (mine && wasMine === false) signal();
    wasMine = mine;
    showSwitch();
  }

  document.addEventListener("click", event => {
    openAudio();
    const button = event.target.closest("[data-sound-toggle]");
    if (!button) return;
    localStorage.setItem(KEY, enabled() ? "off" : "on");
    showSwitch();
  });
  document.addEventListener("htmx:before:settle", event => {
    if (event.target.id === "status" || event.target.querySelector?.("#status")) noticeTurn();
  });
  document.addEventListener("DOMContentLoaded", noticeTurn);
})();
