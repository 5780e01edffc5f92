// The dashboard: reads /dashboard/api/status every few seconds and draws it with Chart.js. Each chart also leaves
// the numbers it draws in its canvas's data-values attribute, so what is drawn can be checked against the API.
'use strict';

const REFRESH_MILLIS = 2000;
const THROUGHPUT_POINTS = 60;
const STATUS_COLOURS = {
  waiting: '#9aa5b1', queued: '#3d7fd9', started: '#f0a202', completed: '#2e9e5b', skipped: '#7bc5a1',
  error: '#d64545', retrying: '#b865d6'
};

let previous = null;
const charts = {};

function chart(id, type, options) {
  if (!charts[id]) {
    charts[id] = new Chart(document.getElementById(id), {
      type, data: { labels: [], datasets: [] },
      options: Object.assign({ animation: false, responsive: true, maintainAspectRatio: false }, options)
    });
  }
  return charts[id];
}

function show(id, chartInstance, labels, datasets) {
  chartInstance.data.labels = labels;
  chartInstance.data.datasets = datasets;
  chartInstance.update();
  document.getElementById(id).dataset.values = JSON.stringify(
    { labels, datasets: datasets.map(d => ({ label: d.label, data: d.data })) });
}

// A chart with nothing to draw says so in words instead of showing empty axes: its note (id + '-empty') shows.
function empty(id, isEmpty) {
  document.getElementById(id).hidden = isEmpty;
  document.getElementById(id + '-empty').hidden = !isEmpty;
}

function drawSteps(steps) {
  const processes = [...new Set(steps.map(s => s.workflow + '/' + s.process))];
  const statuses = [...new Set(steps.map(s => s.status))];
  const datasets = statuses.map(status => ({
    label: status,
    backgroundColor: STATUS_COLOURS[status] || '#556',
    data: processes.map(p => steps.filter(s => s.workflow + '/' + s.process === p && s.status === status)
      .reduce((sum, s) => sum + s.count, 0))
  }));
  show('steps-chart', chart('steps-chart', 'bar', { scales: { x: { stacked: true }, y: { stacked: true } } }),
    processes, datasets);
  empty('steps-chart', processes.length === 0);
}

function drawQueues(queues) {
  show('queues-chart', chart('queues-chart', 'bar', { plugins: { legend: { display: false } } }),
    queues.map(q => q.workflow + '/' + q.process),
    [{ label: 'ready', backgroundColor: STATUS_COLOURS.queued, data: queues.map(q => q.ready) }]);
  empty('queues-chart', queues.every(q => q.ready === 0));
}

function drawThroughput(status) {
  const c = chart('throughput-chart', 'line', { scales: { y: { beginAtZero: true } } });
  if (c.data.datasets.length === 0) {
    c.data.datasets = [
      { label: 'robot steps/s', borderColor: STATUS_COLOURS.completed, data: [] },
      { label: 'enhanced items/s', borderColor: STATUS_COLOURS.queued, data: [] }
    ];
  }
  if (previous) {
    const seconds = Math.max((Date.parse(status.at) - Date.parse(previous.at)) / 1000, 0.001);
    c.data.labels.push(new Date(status.at).toLocaleTimeString());
    c.data.datasets[0].data.push((status.robotSteps - previous.robotSteps) / seconds);
    c.data.datasets[1].data.push((status.enhancedItems - previous.enhancedItems) / seconds);
    if (c.data.labels.length > THROUGHPUT_POINTS) {
      c.data.labels.shift();
      c.data.datasets.forEach(d => d.data.shift());
    }
  }
  show('throughput-chart', c, c.data.labels, c.data.datasets);
  // the first figure needs two updates; a flat zero line says nothing a sentence would not say better
  const idle = c.data.datasets.every(d => d.data.every(v => v === 0));
  empty('throughput-chart', idle);
  document.getElementById('throughput-chart-empty').textContent = c.data.labels.length === 0
    ? 'Measuring: the first figures come with the next update.'
    : 'No robot step and no enhancement since ' + c.data.labels[0] + '.';
}

function drawEngines(engines) {
  show('engines-chart', chart('engines-chart', 'bar', { indexAxis: 'y', plugins: { legend: { display: false } } }),
    engines.map(e => e.chain + ': ' + e.engine),
    [{ label: 'mean ms', backgroundColor: '#6c63c9', data: engines.map(e => Math.round(e.meanMillis * 100) / 100) }]);
  empty('engines-chart', engines.length === 0);
}

function linkCell(href, text) {
  const cell = document.createElement('td');
  const link = document.createElement('a');
  link.href = href;
  link.textContent = text;
  cell.appendChild(link);
  return cell;
}

function textCell(text, className) {
  const cell = document.createElement('td');
  cell.textContent = text == null ? '' : text;
  if (className) {
    cell.className = className;
  }
  return cell;
}

function time(at) {
  return at == null ? '' : new Date(at).toLocaleString();
}

// the dry run of a repair of this step's process: what "back to queued" would change (administrators)
function repairDryRun(e) {
  return '../workflow_repairs?workflow=' + encodeURIComponent(e.workflow) + '&process='
    + encodeURIComponent(e.process) + '&to=queued';
}

function drawErrors(errors) {
  const body = document.querySelector('#errors tbody');
  body.replaceChildren(...errors.map(e => {
    const row = document.createElement('tr');
    row.append(textCell(time(e.at)), linkCell(e.link, e.objectId), textCell(e.workflow + ' / ' + e.process),
      textCell(String(e.version)), textCell(e.message, 'message'), linkCell(e.attempts, 'attempts'),
      linkCell(repairDryRun(e), 'steps in error here'));
    return row;
  }));
}

function drawOverdue(overdue) {
  const body = document.querySelector('#overdue tbody');
  body.replaceChildren(...overdue.map(o => {
    const row = document.createElement('tr');
    row.append(textCell(o.workflow + ' / ' + o.process), textCell(o.status), textCell(String(o.count)),
      textCell(o.over));
    return row;
  }));
  document.getElementById('overdue-none').hidden = overdue.length > 0;
}

function drawHeld(held) {
  const body = document.querySelector('#held tbody');
  body.replaceChildren(...held.map(h => {
    const row = document.createElement('tr');
    row.append(textCell(h.objectId), textCell(h.workflow + ' / ' + h.process), linkCell(h.attempts, String(h.attempt)),
      textCell(h.heldBy == null ? '(no robot: started by a client)' : h.heldBy), textCell(time(h.since)),
      textCell(h.leaseUntil == null ? 'no lease' : time(h.leaseUntil)));
    return row;
  }));
}

function drawJobs(jobs, oldestWaiting) {
  const body = document.querySelector('#jobs tbody');
  body.replaceChildren(...Object.entries(jobs).map(([state, count]) => {
    const row = document.createElement('tr');
    row.append(textCell(state), textCell(String(count)));
    return row;
  }));
  document.getElementById('oldest-waiting').textContent = String(Math.round(oldestWaiting));
}

async function refresh() {
  try {
    // from the origin alone: a page opened as http://user:password@host/ resolves relative URLs with the credentials,
    // which fetch refuses; the browser sends the signed-in user's credentials by itself
    const response = await fetch(new URL('/dashboard/api/status', location.origin));
    if (!response.ok) {
      throw new Error('the status API answered ' + response.status);
    }
    const status = await response.json();
    drawSteps(status.steps);
    drawQueues(status.queues);
    drawThroughput(status);
    drawEngines(status.engines);
    drawErrors(status.errors);
    drawHeld(status.held);
    drawOverdue(status.overdue);
    drawJobs(status.jobs, status.oldestWaiting);
    previous = status;
    const lastUpdate = document.getElementById('last-update');
    lastUpdate.textContent = new Date(status.at).toLocaleTimeString();
    lastUpdate.dateTime = status.at;
    document.getElementById('update-error').textContent = '';
  } catch (e) {
    document.getElementById('update-error').textContent = 'Update failed: ' + e.message;
  }
}

document.getElementById('refresh-seconds').textContent = String(REFRESH_MILLIS / 1000);
refresh();
setInterval(refresh, REFRESH_MILLIS);
