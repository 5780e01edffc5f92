package dev.camelsuite.uima;

/**
 * The JMS properties and codes of the UIMA AS 2.x wire protocol, as services of that version speak it. Requests go
 * to the service's input queue; replies come back on the client's temporary queue, correlated by CAS reference id.
 */
final class UimaAsProtocol {

    // message properties
    static final String MESSAGE_TYPE = "MessageType";
    static final String COMMAND = "Command";
    static final String PAYLOAD = "Payload";
    static final String CAS_REFERENCE = "CasReference";
    static final String INPUT_CAS_REFERENCE = "InputCasReference";
    static final String MESSAGE_FROM = "MessageFrom";
    static final String SERVER_URI = "ServerURI";
    static final String TARGET_SERVICE_ID = "TargetServiceId";
    static final String REMOVE_ENDPOINT = "RemoveEndpoint";
    static final String SERIALIZATION = "Serialization";
    static final String ACCEPTS_DELTA_CAS = "AcceptsDeltaCas";
    static final String SENT_DELTA_CAS = "SentDeltaCas";
    static final String SERVER_IP = "ServerIP";
    static final String PROCESS_PID = "ProcessPID";
    static final String TIME_TO_DESERIALIZE = "TimeToDeserializeCAS";
    static final String TIME_TO_SERIALIZE = "TimeToSerializeCAS";
    static final String TIME_IN_PROCESS = "TimeInProcessCAS";
    static final String IDLE_TIME = "IdleTime";

    // message types
    static final int REQUEST = 3000;
    static final int RESPONSE = 3001;

    // commands
    static final int PROCESS = 2000;
    static final int GET_META = 2001;
    static final int COLLECTION_PROCESS_COMPLETE = 2002;
    static final int RELEASE_CAS = 2005;
    static final int SERVICE_INFO = 2008;

    // payloads
    static final int XMI = 1000;
    static final int METADATA = 1002;
    static final int EXCEPTION = 1003;
    static final int NONE = 1005;
    static final int BINARY = 1006;

    // what a GetMeta reply says the service reads besides XMI: the binary CAS of the same type system
    static final int BINARY_SERIALIZATION = 0x01000001;

    /** Timing properties a service may put on a Process reply, in nanoseconds, by the name the route sees. */
    static final String[][] TIMINGS = {
            { "TimeToSerializeCAS", "serialize" }, { "TimeToDeserializeCAS", "deserialize" },
            { "TimeWaitingForCAS", "waitingForCas" }, { "TimeInProcessCAS", "process" }, { "IdleTime", "idle" },
            { "TimeInService", "service" }, { "TimeInAnalytic", "analytic" } };

    private UimaAsProtocol() {
    }

    static String commandName(int command) {
        return switch (command) {
            case PROCESS -> "Process";
            case GET_META -> "GetMeta";
            case COLLECTION_PROCESS_COMPLETE -> "CollectionProcessComplete";
            case RELEASE_CAS -> "ReleaseCAS";
            case SERVICE_INFO -> "ServiceInfo";
            default -> "command " + command;
        };
    }
}
