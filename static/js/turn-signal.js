// Your turn is easy to miss: when this player has a new decision to make (#turn[data-your-move], with an
// action id it has not rung for), the phone plays a short chime (Web Audio) and vibrates where it can. The
// switch in the status bar (#sound-toggle) turns both off and on; the choice is kept in this browser.
(() => {
  const KEY = "shuangsheng.turn-signal";
  const VIBRATION_MS = [80, 60, 80];
  let audio = null;
  let rungFor = null;  // the action id of the decision last announced (or already on screen at load)

  function enabled() {
    return localStorage.getItem(KEY) !== "off";
  }

  function showSwitch() {
    document.querySelectorAll("[data-sound-toggle]").forEach(button => {
      button.setAttribute("aria-pressed", String(enabled()));
    });
  }

  // Browsers let a page make sounds only after a tap on it: the first tap anywhere opens the audio.
  function openAudio() {
    if (audio !== null || !window.AudioContext) return;
    try {
      audio = new AudioContext();
    } catch (noAudio) {
      audio = false;  // no sound device: the vibration alone
    }
  }

  function chime() {
    if (!audio) return;
    audio.resume();
    const start = audio.currentTime;
    [660, 880].forEach((frequency, i) => {
      const at = start + i * 0.12;
      const tone = audio.createOscillator();
      const volume = audio.createGain();
      tone.frequency.value = frequency;
      volume.gain.setValueAtTime(0.0001, at);
      volume.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
      volume.gain.exponentialRampToValueAtTime(0.0001, at + 0.25);
      tone.connect(volume).connect(audio.destination);
      tone.start(at);
      tone.stop(at + 0.3);
    });
  }

  function currentDecision() {
    if (!document.querySelector("#turn[data-your-move]")) return null;
    return document.querySelector("#actions input[name=action_id]")?.value ?? null;
  }

  function noticeTurn(announce) {
    const decision = currentDecision();
    if (decision !== null && decision !== rungFor) {
      if (announce && enabled()) {
        navigator.vibrate?.(VIBRATION_MS);
        chime();
      }
      rungFor = decision;
    }
  }

  document.addEventListener("click", event => {
    if (event.target.closest("[data-sound-toggle]")) {
      localStorage.setItem(KEY, enabled() ? "off" : "on");
      showSwitch();
    }
    openAudio();
  });
  document.addEventListener("htmx:before:settle", event => {
    const region = event.target;
    if (["status", "actions"].includes(region.id) || region.querySelector?.("#status")) noticeTurn(true);
  });
  // The switch's state is set once htmx has settled the region (it gives a new element its attributes then).
  document.addEventListener("htmx:after:settle", showSwitch);
  document.addEventListener("DOMContentLoaded", () => {
    noticeTurn(false);
    showSwitch();
  });
})();
