// The enhancer page: sends a text or a document to a chain of the enhancer API and shows what comes back — the
// language, the entities marked in the text, the execution of each engine on a timeline — read from the answer's
// JSON-LD (Stanbol's shape), and what a document sent says of itself. /enhancer?text=…&chain=… enhances at once
// (&type=text/html sends the text as a document of that type). What is drawn is also left in data-*
// attributes, so that it can be checked against the API.
'use strict';

const FISE = 'http://fise.iks-project.eu/ontology/';
const DC = 'http://purl.org/dc/terms/';
const EM = 'http://stanbol.apache.org/ontology/enhancer/executionmetadata#';
const EP = 'http://stanbol.apache.org/ontology/enhancer/executionplan#';
const ENHANCER = 'http://stanbol.apache.org/ontology/enhancer/enhancer#';
const RDFS_LABEL = 'http://www.w3.org/2000/01/rdf-schema#label';
const FORMATS = [['JSON-LD', 'application/ld+json'], ['Turtle', 'text/turtle'], ['RDF/XML', 'application/rdf+xml'],
  ['N-Triples', 'application/n-triples'], ['N3', 'text/rdf+n3'], ['RDF/JSON', 'application/rdf+json']];
const SKOS_DEFINITION = 'http://www.w3.org/2004/02/skos/core#definition';
const RDFS_COMMENT = 'http://www.w3.org/2000/01/rdf-schema#comment';
const FOAF_DEPICTION = 'http://xmlns.com/foaf/0.1/depiction';
const NEXIF = 'http://www.semanticdesktop.org/ontologies/2007/05/10/nexif#';
const GEO = 'http://www.w3.org/2003/01/geo/wgs84_pos#';
/** What a document says of itself, as the tika engine writes it about the item: shown in this order. */
const DOCUMENT_FIELDS = [['Title', DC + 'title'], ['Author', DC + 'creator'], ['Created', DC + 'created'],
  ['Modified', DC + 'modified'], ['Format', DC + 'format'], ['Keywords', DC + 'subject'], ['Camera', NEXIF + 'model'],
  ['Taken', NEXIF + 'dateTimeOriginal'], ['Latitude', GEO + 'lat'], ['Longitude', GEO + 'long']];
const KINDS = { 'http://dbpedia.org/ontology/Person': 'person', 'http://dbpedia.org/ontology/Place': 'place',
  'http://dbpedia.org/ontology/Organisation': 'organisation' };

let last = null; // the last request: chain, body, type — for the RDF buttons

/**
 * An address of this application: on its origin, since the page's own address may hold the credentials it was
 * opened with, which fetch refuses; the browser sends the signed-in user's credentials by itself.
 */
function address(path) {
  return new URL(path, location.origin);
}

function values(node, property) {
  return (node[property] || []).map(v => v['@value'] !== undefined ? v['@value'] : v['@id']);
}

function first(node, property) {
  return values(node, property)[0];
}

function types(node) {
  return node['@type'] || [];
}

function status(text, error) {
  const element = document.getElementById('status');
  element.textContent = text;
  element.classList.toggle('error', !!error);
}

async function loadChains() {
  const answer = await fetch(address('/enhancer/chain'), { headers: { Accept: 'application/ld+json' } });
  if (!answer.ok) {
    throw new Error('The chains could not be read: ' + answer.status);
  }
  const nodes = await answer.json();
  const select = document.getElementById('chain');
  const enhancer = nodes.find(n => types(n).includes(ENHANCER + 'Enhancer'));
  const preferred = enhancer ? first(enhancer, ENHANCER + 'hasDefaultChain') : null;
  for (const chain of nodes.filter(n => types(n).includes(ENHANCER + 'EnhancementChain'))) {
    const option = document.createElement('option');
    option.value = first(chain, RDFS_LABEL);
    option.textContent = option.value + (chain['@id'] === preferred ? ' (default)' : '');
    option.selected = chain['@id'] === preferred;
    select.appendChild(option);
  }
}

/** The parts of a multipart answer: each its headers (names in lower case) and its text. */
function multipart(text, type) {
  const boundary = /boundary=([^;]+)/.exec(type)[1].trim();
  const parts = [];
  for (const raw of text.split('--' + boundary).slice(1)) {
    if (raw.startsWith('--')) {
      break;
    }
    const blank = raw.indexOf('\r\n\r\n');
    const headers = {};
    for (const line of raw.substring(2, blank).split('\r\n')) {
      const colon = line.indexOf(':');
      headers[line.substring(0, colon).trim().toLowerCase()] = line.substring(colon + 1).trim();
    }
    parts.push({ headers, body: raw.substring(blank + 4, raw.length - 2) });
  }
  return parts;
}

function partName(part) {
  return (/name="([^"]*)"/.exec(part.headers['content-disposition'] || '') || [])[1];
}

async function enhance(chain, body, type) {
  last = { chain, body, type };
  status('Enhancing with chain ' + chain + ' …');
  // a document comes back with its text (the text part an engine made of it), a text as it is
  const isDocument = typeof body !== 'string';
  const query = isDocument ? '?executionmetadata=true&outputContent=text/plain&omitParsed=true' : '?executionmetadata=true';
  const answer = await fetch(address('/enhancer/chain/' + encodeURIComponent(chain) + query), {
    method: 'POST', body, headers: { 'Content-Type': type, Accept: isDocument ? 'multipart/form-data' : 'application/ld+json' }
  });
  if (!answer.ok) {
    const problem = await answer.json().catch(() => ({}));
    throw new Error(answer.status + ': ' + (problem.detail || problem.title || answer.statusText));
  }
  let nodes;
  let text = isDocument ? '' : body;
  if (isDocument) {
    for (const part of multipart(await answer.text(), answer.headers.get('Content-Type'))) {
      if (partName(part) === 'metadata') {
        nodes = JSON.parse(part.body);
      } else if (partName(part) === 'content') {
        const versions = multipart(part.body, part.headers['content-type']);
        const plain = versions.find(v => (v.headers['content-type'] || '').startsWith('text/plain'));
        text = plain ? plain.body : '';
      }
    }
  } else {
    nodes = await answer.json();
  }
  show(text, nodes || []);
  status('Enhanced with chain ' + chain + '.');
}

function show(text, nodes) {
  const byId = new Map(nodes.map(n => [n['@id'], n]));
  // the language: the surest language annotation
  const languages = nodes.filter(n => values(n, DC + 'type').includes(DC + 'LinguisticSystem'))
    .sort((a, b) => Number(first(b, FISE + 'confidence')) - Number(first(a, FISE + 'confidence')));
  const language = languages.length ? first(languages[0], DC + 'language') : 'unknown';
  const languageElement = document.getElementById('language');
  languageElement.textContent = '(language: ' + language + ')';
  languageElement.dataset.language = language;

  // the mentions, and the entities suggested for each
  const entities = nodes.filter(n => types(n).includes(FISE + 'EntityAnnotation'));
  const mentions = nodes.filter(n => types(n).includes(FISE + 'TextAnnotation') && first(n, FISE + 'start') !== undefined)
    .map(n => ({ id: n['@id'], start: Number(first(n, FISE + 'start')), end: Number(first(n, FISE + 'end')),
      kind: KINDS[first(n, DC + 'type')] || '',
      entities: entities.filter(e => values(e, DC + 'relation').includes(n['@id'])) }))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const marked = document.getElementById('marked-text');
  marked.textContent = '';
  let at = 0;
  for (const mention of mentions) {
    if (mention.start < at) {
      continue; // overlaps the one before
    }
    marked.appendChild(document.createTextNode(text.substring(at, mention.start)));
    const mark = document.createElement('mark');
    mark.textContent = text.substring(mention.start, mention.end);
    mark.className = mention.kind;
    mark.title = mention.entities.map(e => first(e, FISE + 'entity-label') + ' <' + first(e, FISE + 'entity-reference') + '>').join('\n');
    mark.dataset.entities = JSON.stringify(mention.entities.map(e => first(e, FISE + 'entity-reference')));
    marked.appendChild(mark);
    at = mention.end;
  }
  marked.appendChild(document.createTextNode(text.substring(at)));

  const table = document.querySelector('#entities tbody');
  table.textContent = '';
  for (const mention of mentions) {
    for (const entity of mention.entities) {
      const row = table.insertRow();
      row.insertCell().textContent = text.substring(mention.start, mention.end);
      const link = document.createElement('a');
      link.href = first(entity, FISE + 'entity-reference');
      link.textContent = first(entity, FISE + 'entity-label');
      row.insertCell().appendChild(link);
      row.insertCell().textContent = values(entity, FISE + 'entity-type').map(t => t.replace(/.*[/#]/, '')).join(', ');
      row.insertCell().textContent = Number(first(entity, FISE + 'confidence')).toFixed(2);
      about(row.insertCell(), byId.get(first(entity, FISE + 'entity-reference')));
    }
  }
  documentMetadata(nodes);
  timeline(nodes, byId);
}

/** What the answer says of an entity itself (its description, a link to its picture), as Stanbol's UI shows it. */
function about(cell, description) {
  if (!description) {
    return;
  }
  const definition = values(description, SKOS_DEFINITION)[0] || values(description, RDFS_COMMENT)[0];
  if (definition) {
    cell.appendChild(document.createTextNode(definition));
  }
  const picture = values(description, FOAF_DEPICTION)[0];
  if (picture) {
    cell.appendChild(document.createTextNode(definition ? ' ' : ''));
    const link = cell.appendChild(document.createElement('a'));
    link.href = picture;
    link.textContent = 'picture';
  }
  cell.dataset.described = 'true';
}

/** The document's own metadata (title, author, dates, format …), shown when a document was sent. */
function documentMetadata(nodes) {
  const item = nodes.find(n => n[DC + 'format'] && !types(n).some(t => t.startsWith(FISE)));
  const list = document.getElementById('document-metadata');
  list.textContent = '';
  for (const [label, property] of item ? DOCUMENT_FIELDS : []) {
    const found = values(item, property);
    if (found.length) {
      list.appendChild(document.createElement('dt')).textContent = label;
      const value = list.appendChild(document.createElement('dd'));
      value.textContent = found.join(', ');
      value.dataset.property = property;
    }
  }
  document.getElementById('document-section').hidden = !list.childElementCount;
}

function timeline(nodes, byId) {
  const chain = nodes.find(n => types(n).includes(EM + 'ChainExecution'));
  const chainStatus = document.getElementById('chain-status');
  chainStatus.textContent = chain ? 'Chain ' + first(byId.get(first(chain, EM + 'executionPlan')) || {}, EP + 'chain')
    + ': ' + (first(chain, EM + 'status') || '').replace(EM + 'Status', '').toLowerCase()
    + (first(chain, EM + 'statusMessage') ? ' — ' + first(chain, EM + 'statusMessage') : '') : '';
  const engines = nodes.filter(n => types(n).includes(EM + 'EngineExecution')).map(n => ({
    engine: first(byId.get(first(n, EM + 'executionNode')) || {}, EP + 'engine'),
    status: (first(n, EM + 'status') || '').replace(EM + 'Status', '').toLowerCase(),
    started: Date.parse(first(n, EM + 'started')), completed: Date.parse(first(n, EM + 'completed')),
    message: first(n, EM + 'statusMessage') })).sort((a, b) => (a.started || 0) - (b.started || 0));
  const times = engines.flatMap(e => [e.started, e.completed]).filter(t => !isNaN(t));
  const from = Math.min(...times);
  const span = Math.max(1, Math.max(...times) - from);
  const element = document.getElementById('timeline');
  element.textContent = '';
  for (const e of engines) {
    const row = document.createElement('div');
    row.className = 'engine';
    const name = document.createElement('span');
    name.textContent = e.engine;
    const track = document.createElement('div');
    track.className = 'track';
    const bar = document.createElement('div');
    bar.className = 'bar ' + e.status;
    const ms = isNaN(e.started) || isNaN(e.completed) ? 0 : e.completed - e.started;
    bar.style.left = (isNaN(e.started) ? 0 : (e.started - from) / span * 100) + '%';
    bar.style.width = (ms / span * 100) + '%';
    track.appendChild(bar);
    const took = document.createElement('span');
    took.textContent = e.status + (isNaN(e.started) ? '' : ', ' + ms + ' ms');
    row.append(name, track, took);
    element.appendChild(row);
    if (e.message) {
      const note = document.createElement('div');
      note.className = 'note';
      note.textContent = e.message;
      element.appendChild(note);
    }
  }
  element.dataset.engines = JSON.stringify(engines.map(e => ({ engine: e.engine, status: e.status })));
}

/** The RDF of the last request in a serialization: sent again with that Accept. */
async function rdf(type) {
  if (!last) {
    return;
  }
  const answer = await fetch(address('/enhancer/chain/' + encodeURIComponent(last.chain) + '?executionmetadata=true'), {
    method: 'POST', body: last.body, headers: { 'Content-Type': last.type, Accept: type }
  });
  const text = await answer.text();
  document.getElementById('rdf').textContent = text;
  const formats = document.getElementById('formats');
  formats.querySelectorAll('a').forEach(a => a.remove());
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = 'enhancements.' + ({ 'application/ld+json': 'jsonld', 'text/turtle': 'ttl',
    'application/rdf+xml': 'rdf', 'application/n-triples': 'nt', 'text/rdf+n3': 'n3', 'application/rdf+json': 'rj' })[type];
  link.textContent = 'download';
  formats.appendChild(link);
}

function submit(event) {
  event.preventDefault();
  const chain = document.getElementById('chain').value || 'default';
  const file = document.getElementById('document').files[0];
  const text = document.getElementById('text').value;
  if (!file && !text.trim()) {
    status('Paste a text or choose a document first.', true);
    return;
  }
  const request = file ? enhance(chain, file, file.type || 'application/octet-stream')
    : enhance(chain, text, 'text/plain; charset=UTF-8');
  request.catch(e => status(e.message, true));
}

document.addEventListener('DOMContentLoaded', () => {
  for (const [label, type] of FORMATS) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = label;
    button.addEventListener('click', () => rdf(type).catch(e => status(e.message, true)));
    document.getElementById('formats').appendChild(button);
  }
  document.getElementById('enhance-form').addEventListener('submit', submit);
  const asked = new URLSearchParams(location.search);
  loadChains().then(() => {
    if (asked.get('chain')) {
      document.getElementById('chain').value = asked.get('chain');
    }
    if (asked.get('text')) {
      // a text of another type (type=text/html) goes as a document of that type, for the tika engine to read
      const type = asked.get('type');
      document.getElementById('text').value = asked.get('text');
      return enhance(document.getElementById('chain').value || 'default',
        type ? new Blob([asked.get('text')], { type }) : asked.get('text'), type || 'text/plain; charset=UTF-8');
    }
  }).catch(e => status(e.message, true));
});
