// The rule options of a form (templates/options.html): every option shows its current value. Choosing another
// preset gives every option the person has not changed that preset's value, and "options_for" says which
// preset the values now follow (webapp/core/rule_form.py reads the form the same way without this script).
(() => {
  function presetValues(form) {
    return JSON.parse(form.dataset.presets);
  }

  function markChanged(form) {
    const values = presetValues(form)[form.elements.options_for.value];
    form.querySelectorAll("[data-option]").forEach(option => {
      const field = form.elements[option.dataset.option];
      option.classList.toggle("changed", field.value.trim() !== values[option.dataset.option]);
    });
  }

  document.addEventListener("change", event => {
    const form = event.target.closest("form.rule-form");
    if (!form) return;
    if (event.target.name === "preset") {
      const presets = presetValues(form);
      const before = presets[form.elements.options_for.value], after = presets[event.target.value];
      form.querySelectorAll("[data-option]").forEach(option => {
        const field = form.elements[option.dataset.option];
        if (field.value.trim() === before[option.dataset.option]) field.value = after[option.dataset.option];
      });
      form.elements.options_for.value = event.target.value;
    }
    markChanged(form);
  });
  document.addEventListener("input", event => {
    const form = event.target.closest("form.rule-form");
    if (form) markChanged(form);
  });
})();
