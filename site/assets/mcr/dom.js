// Small DOM builders shared by the quiz (quiz.js) and the calculator (calculator.js); each
// page loads this file first. Hand-written, not generated.
(function () {
  "use strict";

  // An element with attributes ("onclick": a listener; true: a bare attribute; null,
  // undefined and false: left out) and children (strings, numbers or nodes; absent ones skipped).
  function h(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      var value = attrs[key];
      if (value === null || value === undefined || value === false) return;
      if (key === "class") node.className = value;
      else if (key.slice(0, 2) === "on") node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : String(value));
    });
    (children || []).forEach(function (child) {
      if (child === null || child === undefined || child === false) return;
      node.appendChild(typeof child === "string" || typeof child === "number"
        ? document.createTextNode(String(child)) : child);
    });
    return node;
  }

  // A template whose {placeholders} may be nodes: the list of nodes and strings it makes.
  function fillNodes(template, values) {
    var parts = [], last = 0, match, pattern = /\{(\w+)\}/g;
    while ((match = pattern.exec(template)) !== null) {
      parts.push(template.slice(last, match.index));
      var value = values[match[1]];
      parts.push(value === undefined ? match[0] : (typeof value === "object" ? value : String(value)));
      last = pattern.lastIndex;
    }
    parts.push(template.slice(last));
    return parts.filter(function (p) { return p !== ""; });
  }

  // A table with a caption, an optional header row of column names, body rows and footer.
  function table(caption, head, rows, foot) {
    return h("table", {}, [
      h("caption", {}, [caption]),
      head ? h("thead", {}, [h("tr", {}, head.map(function (c) { return h("th", {scope: "col"}, [c]); }))]) : null,
      h("tbody", {}, rows),
      foot || null]);
  }

  function cell(css, children) { return h("td", css ? {class: css} : {}, children); }

  window.McrDom = {h: h, fillNodes: fillNodes, table: table, cell: cell};
})();
