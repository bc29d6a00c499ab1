/**
 * The help articles of the documentation screen (the product specification names the sections; the text is ours).
 * Each article is paragraphs and, where it helps, numbered steps and subheadings (under the dialog's
 * title, so one level below it).
 */
export type ArticleBlock = string | { steps: readonly string[] } | { heading: string };

export interface HelpArticle {
  id: string;
  title: string;
  summary: string;
  body: readonly ArticleBlock[];
}

export interface HelpSection {
  id: string;
  title: string;
  articles: readonly HelpArticle[];
}

export const HELP_SECTIONS: readonly HelpSection[] = [
  {
    id: 'accesso',
    title: 'Accesso e Dashboard',
    articles: [
      {
        id: 'login',
        title: 'Accedere alla dashboard',
        summary: 'Email, password e cosa fare se l’accesso viene bloccato.',
        body: [
          'Apri la pagina di accesso e usa la sezione «Accedi al tuo account» con l’email aziendale e la password che ti sono state assegnate. Dopo l’accesso arrivi alla Panoramica.',
          'Per proteggere il tuo account, dopo 3 tentativi con credenziali errate il modulo si blocca per 5 minuti, anche se ricarichi la pagina. Attendi e riprova con calma: un errore di connessione non conta come tentativo.',
          'Gli admin creati dal super admin ricevono una password iniziale: cambiala subito da Impostazioni App → Account. Per uscire usa Logout nel menu utente in alto a destra.',
        ],
      },
      {
        id: 'switch-business',
        title: 'Cambiare azienda',
        summary: 'Il selettore in alto decide su quale azienda lavori.',
        body: [
          'Se gestisci più punti vendita, ogni schermata (carte, campagne, messaggi, impostazioni Twilio) mostra i dati dell’azienda scelta nel selettore in alto, accanto al menu.',
          {
            steps: [
              'Apri il selettore «Seleziona negozio» nella barra in alto.',
              'Scegli l’azienda dall’elenco: le schermate si aggiornano subito.',
              'Per aggiungere un punto vendita vai in Impostazioni App → Aziende e compila «Nuova azienda»: diventa subito l’azienda attuale.',
            ],
          },
          'Il super admin vede tutte le aziende e può selezionare quella di un admin da Impostazioni App → Gestione Admin.',
        ],
      },
      {
        id: 'overview',
        title: 'Leggere la Panoramica',
        summary: 'I quattro indicatori, la ricerca e i grafici degli ultimi 6 mesi.',
        body: [
          'La Panoramica mostra il totale delle carte, il totale dei punti, le carte attive (con almeno un punto) e la media dei punti per carta.',
          'Nella scheda con l’elenco delle carte puoi cercare per nome o numero di carta. Nella scheda Analytics trovi la distribuzione dei punti (0, 1-50, 51-100, oltre 100), le nuove carte e i punti di ciascuno degli ultimi 6 mesi.',
        ],
      },
    ],
  },
  {
    id: 'carte',
    title: 'Gestione Carte Fedeltà',
    articles: [
      {
        id: 'issue-card',
        title: 'Emettere una carta fedeltà',
        summary: 'Dalla locandina alla cassa o direttamente da Gestione Utenti.',
        body: [
          'Ci sono due modi per dare una carta a un cliente.',
          {
            steps: [
              'Adesione in autonomia: in Impostazioni App → Aziende scarica la locandina della tua azienda e stampala. Il cliente inquadra il codice QR, inserisce email, nome e telefono, accetta l’informativa sulla privacy e scarica la sua carta.',
              'Dal banco: in Gestione Utenti compila «Crea utente» con ruolo Cliente e scegli l’azienda. La carta viene creata subito e ne vedi il codice QR.',
            ],
          },
          'Ogni carta ha un numero e un codice QR personale: il cliente lo mostra a ogni acquisto.',
        ],
      },
      {
        id: 'add-points-qr',
        title: 'Aggiungere punti con il codice QR',
        summary: 'Inquadra la carta del cliente e conferma i punti.',
        body: [
          'Il codice QR della carta apre la pagina «aggiungi punti» della dashboard per quel cliente. Inquadralo con il telefono o il tablet del negozio, su cui hai già effettuato l’accesso come admin.',
          {
            steps: [
              'Inquadra il codice QR sulla carta del cliente.',
              'Controlla il nome del cliente: il valore proposto è 50 punti (1 timbro se la tua azienda raccoglie timbri), puoi cambiarlo (minimo 1).',
              'Conferma: il saldo si aggiorna e l’operazione resta nello storico della carta.',
            ],
          },
          'Per il cliente successivo premi «Scansiona» nella stessa pagina e inquadra la sua carta: si apre subito, senza ricaricare la pagina come fa il link aperto dalla fotocamera del telefono.',
          'Dalla stessa pagina puoi riscattare un premio con «Riscatta premio» (vedi «Riscattare un premio alla cassa»). Il QR di un cliente si può scaricare di nuovo in qualsiasi momento da Gestione Utenti, colonna Codice QR.',
        ],
      },
      {
        id: 'edit-points',
        title: 'Correggere i punti e cercare le carte',
        summary: 'Aggiornamenti manuali, ricerca e filtri nella pagina Carte Fedeltà.',
        body: [
          'Nella pagina Carte Fedeltà ogni carta ha i campi punti e descrizione con il pulsante «Aggiorna»: servono entrambi. Un numero negativo toglie punti (una rettifica, per esempio per correggere un errore); il saldo non può scendere sotto zero. Per dare un premio usa invece «Riscatta premio»: il movimento resta registrato come riscatto, con il nome del premio.',
          'Cerca per nome, numero di carta o telefono e filtra tra Tutte, Attive (con punti) e Inattive. Puoi eliminare una carta dopo la conferma.',
        ],
      },
      {
        id: 'csv-import-export',
        title: 'Importare ed esportare le carte (Excel e CSV)',
        summary: 'Portare i clienti da un altro sistema o da Excel, e scaricare carte e movimenti.',
        body: [
          'Nella pagina Carte Fedeltà «Esporta carte (Excel .xlsx)» ed «Esporta movimenti (Excel .xlsx)» scaricano file Excel in cui i punti sono numeri, le date sono date e nomi e telefoni restano testo così come sono; «Esporta carte (CSV)» ed «Esporta movimenti (CSV)» danno gli stessi dati in CSV per altri programmi. «Importa carte (CSV o Excel)» fa il contrario: crea le carte dei clienti che hai già in un foglio di calcolo o in un altro programma.',
          {
            steps: [
              'Prepara il file: nella prima riga i nomi delle colonne. Servono «nome» (e «cognome», se è in una colonna a parte: viene unito al nome) e almeno una tra «email» (o «e-mail», «mail») e «telefono» (o «cellulare», «mobile»); facoltative «punti» (o «saldo») e «data di nascita» (o «data nascita», GG/MM/AAAA). Maiuscole e accenti non contano; vanno bene anche i nomi inglesi full_name, phone, points e birth_date, in qualsiasi ordine; le altre colonne vengono ignorate e l’anteprima le elenca. Anche un file esportato da qui si può importare.',
              'Se il cliente ti ha già dato il consenso a ricevere offerte (per esempio sul modulo cartaceo del negozio), aggiungi tre colonne: «consenso marketing» con i canali (email, sms, whatsapp, separati da virgola, barra verticale o spazio), «data consenso» con il giorno in cui l’ha dato (GG/MM/AAAA) e «fonte consenso» con il modo (per esempio «modulo cartaceo in negozio»). In inglese: marketing_consent, consent_date, consent_source. Servono tutte e tre.',
              'Puoi caricare il file Excel (.xlsx) così com’è. Per un CSV: in Excel «Salva con nome» → «CSV UTF-8»; in LibreOffice «Salva con nome» → «Testo CSV» con «Unicode (UTF-8)» come set di caratteri. Un CSV non in UTF-8 viene letto come Windows-1252: controlla nell’anteprima che nomi e accenti siano giusti. Al massimo 100.000 righe e 20 MB per file.',
              'Premi «Importa carte (CSV o Excel)» e scegli il file: l’anteprima dice come è stato letto il file, quali colonne usa e quali ignora, mostra le prime righe come verranno salvate, quante righe sono valide, quante portano un consenso marketing e, per ogni riga scartata, il numero di riga e il motivo (nome mancante, email o telefono non validi, duplicato nel file, già presente, consenso incompleto, nel futuro o scaduto). Non viene ancora scritto nulla.',
              'Premi «Importa N carte»: le righe valide vengono importate tutte insieme, oppure nessuna se qualcosa va storto.',
            ],
          },
          'Un cliente la cui email o il cui telefono appartiene già a una carta della tua azienda viene saltato: importare due volte lo stesso file non cambia nulla. I punti importati compaiono nei Movimenti della carta come «Saldo importato».',
          'Ai clienti importati non viene inviato nessun messaggio. Senza le colonne del consenso non hanno il consenso marketing: non riceveranno campagne finché non ti danno il loro consenso.',
          'Un consenso importato compare nello «Storico consensi» della carta con il giorno in cui è stato dato, quando l’hai importato e la fonte scritta nel file. Scade 24 mesi dopo il giorno in cui è stato dato, non dopo l’importazione: per questo una riga con un consenso di più di 24 mesi fa viene scartata. Il cliente deve darlo di nuovo, oppure importa la riga senza le colonne del consenso.',
          'Se un cliente importato si iscrive poi dal tuo codice QR con la stessa email, ritrova la sua carta con i punti importati: non ne riceve una seconda.',
        ],
      },
      {
        id: 'wallet',
        title: 'La carta in Apple Wallet e Google Wallet',
        summary: 'La carta nel portafoglio del telefono, con il saldo che si aggiorna da solo.',
        body: [
          'Quando la piattaforma ha attivato Apple Wallet o Google Wallet, il cliente che si iscrive trova sotto la sua carta i pulsanti «Aggiungi ad Apple Wallet» e «Salva in Google Wallet». Nel portafoglio del telefono la carta mostra il nome e il colore del tuo negozio, il nome del cliente, i punti (o i timbri), il numero della carta, il prossimo premio e lo stesso codice QR dell’immagine della carta: alla cassa lo inquadri come sempre.',
          'Il saldo si aggiorna da solo: quando aggiungi punti, riscatti un premio o i punti scadono, la carta nel telefono cambia entro pochi istanti e Apple Wallet avvisa il cliente («Ora hai 25 punti»). Non serve nessuna app.',
          {
            steps: [
              'Per mandare i link a un cliente che ha già la carta, nella pagina Carte Fedeltà premi «Invia link wallet» sulla sua carta.',
              'Il cliente riceve un messaggio di servizio con i link, su WhatsApp, SMS o email (il primo dei canali attivi per la tua azienda su cui lo raggiungi); chi ha scritto STOP non lo riceve. Premere due volte di seguito non manda un secondo messaggio.',
              'Il colore della carta nel portafoglio si sceglie in Impostazioni App → Wallet → Colore del negozio.',
            ],
          },
          'Ogni link è personale: chi lo ha ottiene la carta di quel cliente, quindi non pubblicarlo. In Impostazioni App → Wallet vedi se ciascun portafoglio è attivo; se compare «Sviluppo», la piattaforma usa certificati di prova e i telefoni non accettano ancora le carte.',
        ],
      },
      {
        id: 'bonus',
        title: 'Soglia bonus',
        summary: 'Premia in automatico chi raggiunge la soglia.',
        body: [
          'La soglia bonus (1000 punti se non la cambi, minimo 1) si imposta in cima alla pagina Carte Fedeltà. Quando un cliente raggiunge la soglia, o un suo multiplo, la carta mostra il badge «Bonus!» e il cliente riceve un messaggio WhatsApp con il suo nome e i suoi punti.',
          'Ogni soglia raggiunta viene notificata una sola volta, e un solo acquisto che ne supera più d’una manda un solo messaggio. L’invio automatico richiede che WhatsApp sia abilitato per l’azienda; in caso contrario compare «WhatsApp non abilitato».',
        ],
      },
    ],
  },
  {
    id: 'comunicazioni',
    title: 'Comunicazioni e SMS Facili',
    articles: [
      {
        id: 'campaigns',
        title: 'Creare e inviare una campagna',
        summary: 'Nome, destinatari, canali e messaggio di massimo 160 caratteri.',
        body: [
          {
            steps: [
              'In Campagne premi «Crea Nuova Campagna», dai un nome (obbligatorio), una descrizione, uno stato e scegli i canali.',
              'Apri la campagna dall’elenco per inviare il messaggio: scegli il canale e scrivi il testo (al massimo 160 caratteri).',
              'L’invio parte in background, un messaggio per destinatario: puoi seguirne l’avanzamento senza restare sulla pagina.',
            ],
          },
          'Si può inviare solo su un canale abilitato per l’azienda: altrimenti compare, per esempio, «Servizio SMS non abilitato per questo business». I clienti che rispondono STOP non ricevono più messaggi.',
        ],
      },
      {
        id: 'channels',
        title: 'Canali: WhatsApp, SMS ed Email',
        summary: 'Chi li abilita e come si configurano.',
        body: [
          'I canali disponibili dipendono dal pacchetto: il super admin li abilita o disabilita per ogni azienda in Impostazioni App → Servizi.',
          'Le credenziali del fornitore (Account SID, token, numero o mittente, indirizzo email) si inseriscono in Impostazioni Twilio, dove puoi anche fare un test di connessione verso un destinatario di prova. Il token salvato non viene mai mostrato per intero.',
          'Senza credenziali proprie, un negozio invia con l’account della piattaforma, se il super admin lo ha configurato in Impostazioni App → Messaggistica piattaforma: le email partono col nome del negozio come mittente e le risposte arrivano all’email del negozio. Le credenziali del negozio, se presenti, hanno sempre la precedenza. In Impostazioni Twilio, «Messaggi inviati questo mese» conta i messaggi partiti per canale.',
        ],
      },
      {
        id: 'consents',
        title: 'Consensi privacy e marketing',
        summary: 'Chi ha accettato cosa, quando e come: lo storico consensi di ogni carta.',
        body: [
          'Ogni consenso è registrato come un evento che non si cancella né si modifica: l’informativa sulla privacy accettata all’adesione, e il consenso a ricevere offerte per ciascun canale (WhatsApp, SMS, email), con la data, la versione del testo che il cliente ha visto e come è stato dato o revocato (modulo di iscrizione, registrato da un admin al banco, risposta STOP, scadenza). Le campagne raggiungono solo chi ha un consenso valido sul canale dell’invio.',
          'Per vederlo, in Carte Fedeltà premi «Storico consensi» sulla riga della carta: gli eventi sono elencati dal più recente. È la prova del consenso da mostrare se un cliente o il Garante la chiedono.',
          { heading: 'Registrare il consenso chiesto al banco' },
          'Se un cliente in negozio ti chiede di ricevere offerte su un canale, o di non riceverle più, apri «Storico consensi» sulla sua carta e, in «Modifica consensi», spunta i canali su cui accetta ora (Email, SMS, WhatsApp), poi premi «Salva consensi». Se il cliente conferma anche i consensi che aveva già dato, spunta «Rinnova i consensi già dati»: ripartono i 24 mesi. Ogni modifica compare nello storico come «registrato da» con il tuo nome.',
          { heading: 'Revoca e scadenza' },
          'Un cliente che risponde STOP a un WhatsApp o a un SMS non riceve più messaggi e perde il consenso marketing su quel canale. Il consenso marketing scade dopo 24 mesi dall’ultima volta che il cliente lo ha dato o rinnovato (il limite indicato dal Garante per i dati delle carte fedeltà usati a fini di marketing): la scadenza compare nello storico e da quel giorno le campagne lo saltano.',
        ],
      },
      {
        id: 'easy-sms',
        title: 'SMS Facile',
        summary: 'Un messaggio WhatsApp a un singolo cliente, in un clic.',
        body: [
          'La pagina SMS Facile elenca le carte della tua azienda. Scrivi il testo nel riquadro della carta e premi «Invia WhatsApp»: il messaggio parte solo verso quel cliente.',
          'Il messaggio non può essere vuoto e WhatsApp deve essere abilitato per l’azienda.',
        ],
      },
    ],
  },
  {
    id: 'premi',
    title: 'Premi, timbri e scadenze',
    articles: [
      {
        id: 'rewards-catalogue',
        title: 'Creare il catalogo premi',
        summary: 'Premi con un costo in punti o timbri, date di validità e pezzi disponibili.',
        body: [
          'Nella pagina Premi (nel menu, dopo Carte Fedeltà) ogni admin dell’azienda gestisce i premi che i clienti possono riscattare alla cassa. Puoi offrire più premi a costi diversi: per esempio un caffè a 100 punti e una colazione a 250.',
          {
            steps: [
              'Premi «Nuovo premio».',
              'Scrivi il nome del premio e il costo in punti (o in timbri): un numero intero, almeno 1. La descrizione è facoltativa.',
              'Se serve, indica le date «Valido dal» e «Valido fino al» e i pezzi disponibili; lascia vuoti i pezzi per un premio senza limiti.',
              'Lascia «Attivo (riscattabile alla cassa)» selezionato e premi «Salva premio».',
            ],
          },
          'Alla cassa compaiono solo i premi attivi, dentro le loro date e con pezzi ancora disponibili. Un premio si può modificare o disattivare in qualsiasi momento; se lo elimini dopo che è già stato riscattato viene archiviato, così lo storico delle carte continua a mostrarne il nome.',
          { heading: 'Quali premi scegliere' },
          'Sconti sui tuoi prodotti e prodotti in più dello stesso genere (il caffè in omaggio in un bar) sono i premi più semplici. Premi diversi, per esempio un oggetto o un buono di un altro negozio, possono rientrare nelle regole sulle operazioni a premio: leggi l’articolo «Premi e regole sulle operazioni a premio» prima di offrirli.',
        ],
      },
      {
        id: 'redeem',
        title: 'Riscattare un premio alla cassa',
        summary: 'Dalla carta del cliente o dal suo codice QR, con la ricevuta al cliente.',
        body: [
          'Il cliente sceglie il premio alla cassa: tu lo riscatti dalla sua carta e il saldo scende del costo del premio.',
          {
            steps: [
              'Inquadra il codice QR della carta del cliente, oppure cercalo nella pagina Carte Fedeltà.',
              'Premi «Riscatta premio»: vedi il saldo della carta e i premi riscattabili oggi. Per quelli che il saldo non copre ancora compare quanti punti mancano.',
              'Premi «Riscatta» accanto al premio scelto, controlla il nuovo saldo e premi «Conferma riscatto».',
            ],
          },
          'Il saldo non può mai scendere sotto zero, anche se due casse riscattano nello stesso momento: se i punti non bastano compare «Punti insufficienti per questo premio» («Timbri insufficienti per questo premio» in modalità timbri) e nulla cambia.',
          { heading: 'La ricevuta al cliente' },
          'Dopo il riscatto il cliente riceve una ricevuta, per esempio «Hai riscattato Caffè omaggio. Saldo: 40 punti». Parte su WhatsApp se è abilitato e il cliente ha un telefono, altrimenti via SMS, altrimenti via email, secondo i canali abilitati per l’azienda. Chi ha risposto STOP non la riceve.',
          { heading: 'Dove ritrovare i riscatti' },
          'Il pulsante «Movimenti» della carta mostra ogni riga con il suo tipo: accredito, riscatto (con il nome del premio), scadenza, bonus compleanno, rettifica. Nella Panoramica il grafico mensile mostra i premi riscattati e un indicatore i punti in circolazione, cioè quanto devi ancora ai tuoi clienti.',
        ],
      },
      {
        id: 'stamps',
        title: 'Punti o timbri',
        summary: 'La tessera a timbri: «10 caffè, l’undicesimo è gratis».',
        body: [
          'Ogni azienda sceglie come funziona il suo programma nella sezione «Programma fedeltà» della pagina Premi, alla voce «Il programma raccoglie»: Punti (il saldo può avere decimali, per esempio 1 punto per euro speso) oppure Timbri (un timbro per ogni acquisto, sempre numeri interi).',
          { heading: 'Esempio: 10 caffè, l’undicesimo è gratis' },
          {
            steps: [
              'Nella pagina Premi scegli «Timbri» in «Il programma raccoglie» e premi «Salva programma».',
              'Crea il premio «Caffè omaggio» con costo 10 timbri.',
              'A ogni caffè inquadra il codice QR del cliente: il valore proposto è 1 timbro, conferma.',
              'Al decimo timbro il premio diventa riscattabile: con «Riscatta premio» il caffè è gratis e il saldo riparte dai timbri rimasti.',
            ],
          },
          'In modalità timbri tutte le schermate dicono «timbri» e si accettano solo numeri interi. Il passaggio ai timbri non è possibile finché una carta dell’azienda ha un saldo con decimali: correggi prima quei saldi dalla pagina Carte Fedeltà.',
          'L’immagine della carta che il cliente ottiene iscrivendosi mostra i timbri raccolti sul costo del prossimo premio (per esempio 3 cerchi pieni su 10): il premio riscattabile più economico che il saldo non copre ancora.',
        ],
      },
      {
        id: 'expiry',
        title: 'Scadenza dei punti e promemoria',
        summary: 'Punti che scadono dopo N mesi, i più vecchi per primi, con un avviso prima.',
        body: [
          'Se non cambi nulla i punti non scadono mai. Nella sezione «Programma fedeltà» della pagina Premi puoi scegliere invece che scadano «Dopo un numero di mesi» (da 1 a 120) da quando sono stati guadagnati.',
          { heading: 'I punti più vecchi scadono per primi' },
          'Ogni accredito ha la sua data. Quando il cliente riscatta un premio si usano prima i punti più vecchi, e alla scadenza si tolgono solo i punti di quell’accredito non ancora usati. Esempio con scadenza a 12 mesi: 100 punti a gennaio e 50 a marzo, poi un premio da 120 punti a giugno; a gennaio dell’anno dopo non scade nulla (i 100 punti di gennaio sono stati usati), a marzo scadono i 30 punti rimasti.',
          'La scadenza compare nei Movimenti della carta come riga di tipo scadenza, una sola volta per ogni accredito. Il controllo è automatico: non devi fare nulla.',
          { heading: 'Il promemoria prima della scadenza' },
          'Un certo numero di giorni prima (14 se non lo cambi, da 1 a 90, in «Promemoria (giorni prima della scadenza)») il cliente riceve un messaggio, una sola volta per ogni accredito: «Ciao Giulia, 30 punti della tua carta Bar Centrale scadono il 15/03/2027.» Parte sul canale del cliente (WhatsApp, SMS o email, come la ricevuta dei premi) e non arriva a chi ha risposto STOP.',
          'Nella pagina Carte Fedeltà ogni carta mostra i punti che scadono nei prossimi 30 giorni, e la Panoramica il totale in scadenza nei prossimi 30 giorni: è il momento giusto per invitare quei clienti a tornare.',
        ],
      },
      {
        id: 'birthday',
        title: 'Regalo di compleanno',
        summary: 'Punti in regalo e un messaggio nel giorno del compleanno del cliente.',
        body: [
          'Nella sezione «Programma fedeltà» della pagina Premi indica quanti punti regalare in «Regalo di compleanno» (0 vuol dire nessun regalo) e, se vuoi, il testo in «Messaggio di compleanno».',
          'Il testo può usare {nome}, {punti} e {negozio}, che diventano il nome (di battesimo) del cliente, i punti regalati e il nome dell’azienda. Se lo lasci vuoto si usa «Buon compleanno {nome}! {negozio} ti regala {punti} punti.»',
          'Nel giorno del compleanno (la data di nascita della carta) i punti vengono aggiunti e il messaggio parte alle 10 sul canale del cliente, una sola volta all’anno per ogni carta, se il cliente ha accettato le offerte su quel canale e non ha già ricevuto un messaggio promozionale quel giorno (pagina Automazioni). Nei Movimenti il regalo compare come bonus compleanno. Le carte senza data di nascita non ricevono il regalo.',
        ],
      },
      {
        id: 'prize-rules',
        title: 'Premi e regole sulle operazioni a premio',
        summary: 'Quando un premio diverso da uno sconto può richiedere adempimenti (DPR 430/2001).',
        body: [
          'Questo articolo è solo informativo e non è una consulenza legale o fiscale.',
          'In Italia i concorsi e le operazioni a premio sono regolati dal DPR 26 ottobre 2001 n. 430. Una raccolta punti o timbri che dà diritto a un premio può essere un’operazione a premio.',
          { heading: 'Premi che di solito non rientrano' },
          'Il decreto esclude alcuni casi, tra cui i premi costituiti da sconti sul prezzo di prodotti o servizi dello stesso genere di quelli acquistati e da quantità aggiuntive di prodotti dello stesso genere: per esempio lo sconto sulla prossima piega dal parrucchiere, o l’undicesimo caffè gratis al bar.',
          { heading: 'Premi che possono rientrare' },
          'Premi diversi, come oggetti, prodotti di altro genere, buoni da spendere altrove o servizi di terzi, possono invece rientrare nelle operazioni a premio, che prevedono adempimenti come un regolamento e una garanzia sul valore dei premi promessi.',
          'Prima di offrire premi di questo tipo verifica la tua situazione, per esempio con il tuo commercialista o consulente, o con le indicazioni del Ministero delle Imprese e del Made in Italy sulle manifestazioni a premio.',
        ],
      },
    ],
  },
];

/** Questions the support team answers most often. */
export const FAQ: readonly { question: string; answer: string }[] = [
  {
    question: 'Il cliente ha perso la carta: come gliela restituisco?',
    answer:
      'Se si registra di nuovo con la stessa email nella stessa azienda riceve la stessa carta con i suoi punti. Puoi anche scaricare il suo QR da Gestione Utenti.',
  },
  {
    question: 'Perché non riesco a inviare su un canale?',
    answer:
      'Il canale deve essere abilitato dal super admin in Impostazioni App → Servizi e configurato in Impostazioni Twilio. Verifica con il test di connessione.',
  },
  {
    question: 'Il modulo di accesso è bloccato.',
    answer: 'Dopo 3 tentativi errati l’accesso si blocca per 5 minuti. Attendi e riprova, oppure contatta il supporto per reimpostare la password.',
  },
  {
    question: 'Posso gestire più punti vendita?',
    answer: 'Sì: crea un’azienda per ogni punto vendita in Impostazioni App → Aziende e passa dall’una all’altra con il selettore in alto.',
  },
  {
    question: 'Posso offrire come premio qualcosa che non vendo?',
    answer:
      'Sì, ma premi diversi da sconti o da prodotti in più dello stesso genere possono rientrare nelle regole sulle operazioni a premio (DPR 430/2001): verifica con il tuo commercialista. Vedi l’articolo «Premi e regole sulle operazioni a premio».',
  },
  {
    question: 'Come cambio la mia password?',
    answer: 'In Impostazioni App → Account inserisci la password attuale e due volte la nuova (almeno 8 caratteri).',
  },
];
